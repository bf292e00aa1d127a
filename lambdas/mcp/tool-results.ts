import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Outcome } from '../http/outcome.js';
import { RETRY_AFTER_SECONDS } from '../http/reply.js';
import { ANSWER_DETAILS, rateLimitedDetail } from '../inquiry/answer-details.js';
import type { ContactOutcome } from '../intake/submit-inquiry.js';

/** A call of the inquiry tool as its answer tells it, and as the request's log line names it. */
export interface ToolAnswer {
  readonly result: CallToolResult;
  readonly outcome: Outcome;
  readonly inquiryId?: string;
  readonly errorName?: string;
}

/**
 * The tool's result for each outcome of an inquiry (docs/api.md §17): what `POST /api/contact`
 * answers, as an MCP tool result. The text is for the agent's model; `structuredContent` holds the
 * API's own members (its 202 body, or its problem's `code`, `detail` and `errors`), and a wait as
 * `retryAfter`, in seconds, as the API's `Retry-After`. A refusal is a tool error (`isError`), so
 * the agent can correct the fields or wait, never a protocol error.
 */
export function inquiryToolAnswer(outcome: ContactOutcome): ToolAnswer {
  switch (outcome.kind) {
    case 'accepted':
      return {
        result: {
          content: [text(`Your inquiry was accepted and will reach the owner by e-mail. Its id is ${outcome.inquiryId}.`)],
          structuredContent: { status: 'accepted', id: outcome.inquiryId },
        },
        outcome: 'accepted',
        inquiryId: outcome.inquiryId,
      };
    case 'invalid': {
      const errors = outcome.errors.map(({ field, code, message }) => ({ field, code, message }));
      const detail = ANSWER_DETAILS.validation_failed;
      return {
        result: toolError(`${detail}\n${errors.map((error) => `- ${error.field}: ${error.message}`).join('\n')}`, {
          code: 'validation_failed',
          detail,
          errors,
        }),
        outcome: outcome.errors.some((error) => error.code === 'honeypot') ? 'honeypot' : 'validation_failed',
      };
    }
    case 'rate_limited': {
      const { scope, resetSeconds } = outcome.rateLimit;
      const detail = rateLimitedDetail(scope, resetSeconds);
      return {
        result: toolError(`${detail} Retry after ${resetSeconds} seconds.`, { code: 'rate_limited', detail, scope, retryAfter: resetSeconds }),
        outcome: `rate_limited_${scope}`,
      };
    }
    case 'unavailable': {
      const detail = ANSWER_DETAILS.temporarily_unavailable;
      return {
        result: toolError(`${detail} Retry after ${RETRY_AFTER_SECONDS} seconds.`, {
          code: 'temporarily_unavailable',
          detail,
          retryAfter: RETRY_AFTER_SECONDS,
        }),
        outcome: outcome.dependency === 'inquiry_store' ? 'inquiry_store_failed' : 'counter_store_failed',
        errorName: outcome.errorName,
      };
    }
    case 'rejected':
      return { result: toolError(ANSWER_DETAILS[outcome.reason], { code: outcome.reason, detail: ANSWER_DETAILS[outcome.reason] }), outcome: outcome.reason };
  }
}

function text(words: string) {
  return { type: 'text' as const, text: words };
}

function toolError(words: string, structuredContent: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [text(words)], structuredContent };
}
