import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { errorAnswerStatus, neverConnected, requestNotTaken } from '../aws/sdk-errors.js';
import type { MailSettings } from '../config.js';
import { errorName } from '../http/error-name.js';
import type { InquiryEmail } from './inquiry-email.js';

/**
 * What SES refused, when it answered that it will not take a message and a retry of the same
 * message would only be refused again (docs/api.md §14, §15):
 * - `reply_to`: the visitor's address as Reply-To (a `BadRequestException`, the SES v2 answer to an
 *   invalid parameter, of a message with a Reply-To, or any 400 that names that address): of what
 *   the worker sends, only that address is the visitor's;
 * - `content`: the message itself (`MessageRejected`, "the message can't be sent because it
 *   contains invalid content", which SES's virus scan answers; or a `BadRequestException` of a
 *   message without a Reply-To). SES answers `MessageRejected` to an unverified identity too: a
 *   refusal of one message proves nothing until another message is taken;
 * - `account`: every message, until the owner acts (sending paused or suspended, an identity or
 *   the configuration set missing, any other 4xx that is not throttling).
 */
export type Refusal = 'reply_to' | 'content' | 'account';

/**
 * What became of a message: taken by the mail service, surely not taken, or unknown (the request
 * may have reached the service and been acted on; its answer never came). A message surely not
 * taken was `refused` when SES answered so; without a refusal, SES could not be asked, or answered
 * that it is busy or failing, and the same message may pass later.
 */
export type Delivery =
  | { readonly kind: 'sent' }
  | { readonly kind: 'not_sent'; readonly errorName: string; readonly refusal?: Refusal }
  | { readonly kind: 'unknown'; readonly errorName: string };

/** Hands an inquiry to the mail service, at most once. */
export interface Mailer {
  send(email: InquiryEmail): Promise<Delivery>;
}

/**
 * Whether a failed SendEmail may be sent again (the SES client's retry strategy): only when SES
 * cannot have taken it, because no connection was ever opened, or because SES answered that it
 * is throttling or failing. A timeout after the request was written, or a connection lost before
 * the answer, may hide a sent message: a retry could mail the owner twice (docs/api.md §11).
 */
export const mayResendEmail = requestNotTaken;

/** Amazon SES v2: from the verified sender identity, to the owner, the visitor only as Reply-To. */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESv2Client,
    private readonly settings: MailSettings,
  ) {}

  async send(email: InquiryEmail): Promise<Delivery> {
    const { senderEmail, senderName, ownerEmail, configurationSet } = this.settings;
    try {
      await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: `${displayName(senderName)} <${senderEmail}>`,
          Destination: { ToAddresses: [ownerEmail] },
          ...(email.replyTo === undefined ? {} : { ReplyToAddresses: [email.replyTo] }),
          Content: {
            Simple: {
              Subject: { Data: email.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
            },
          },
          ...(configurationSet === undefined ? {} : { ConfigurationSetName: configurationSet }),
        }),
      );
      return { kind: 'sent' };
    } catch (error) {
      if (!neverConnected(error) && errorAnswerStatus(error) === undefined) return { kind: 'unknown', errorName: errorName(error) };
      const refusal = requestNotTaken(error) ? undefined : refusalOf(error, email);
      return { kind: 'not_sent', errorName: errorName(error), ...(refusal === undefined ? {} : { refusal }) };
    }
  }
}

/** What SES refused, read from an error answer that is neither throttling nor a failure of its own. */
function refusalOf(error: unknown, email: InquiryEmail): Refusal {
  const name = errorName(error);
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  if (email.replyTo !== undefined) {
    if (name === 'BadRequestException' || (errorAnswerStatus(error) === 400 && message.includes(email.replyTo.toLowerCase()))) return 'reply_to';
  }
  return name === 'MessageRejected' || name === 'BadRequestException' ? 'content' : 'account';
}

/**
 * A display name for the From: an RFC 5322 quoted string (`"Jane \"JD\" Doe"`) when it is ASCII;
 * otherwise RFC 2047 encoded words, as SES requires of a non-ASCII sender name. config.ts has
 * already refused control characters in it.
 */
export function displayName(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/["\\]/g, '\\$&')}"`;
  // Each encoded word at most 75 characters (RFC 2047 §2): 45 bytes are 60 of base64.
  const words: string[] = [];
  let chunk = '';
  for (const character of name) {
    if (Buffer.byteLength(chunk + character) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join(' ');
}
