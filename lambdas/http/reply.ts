import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Outcome } from './outcome.js';

/** A handler's answer: the API Gateway result, plus the outcome its log line names. */
export interface Reply extends APIGatewayProxyStructuredResultV2 {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** The word the request's log line names it with, and its metric's, if it has one. */
  readonly outcome: Outcome;
  /** The name of the dependency error behind a failure (`Throttling`, `MessageRejected`, …). */
  readonly errorName?: string;
  /** The id of the inquiry the request stored, for the owner to find it in the inbox (docs/api.md §14). */
  readonly inquiryId?: string;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Answers to POST, and anything personal, must never be stored by a cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** Seconds a visitor is asked to wait when a dependency failed (docs/api.md §2: 1 to 300). */
export const RETRY_AFTER_SECONDS = 30;

/** Public documents: cacheable for five minutes and readable from any origin. */
export const PUBLIC_DOCUMENT = {
  'Cache-Control': 'public, max-age=300',
  'Access-Control-Allow-Origin': '*',
} as const;

export function jsonReply(statusCode: number, body: unknown, headers: Record<string, string>, outcome: Outcome): Reply {
  return { statusCode, headers: { 'Content-Type': JSON_CONTENT_TYPE, ...headers }, body: JSON.stringify(body), outcome };
}
