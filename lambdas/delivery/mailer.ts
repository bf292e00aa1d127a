import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { errorAnswerStatus, neverConnected, requestNotTaken } from '../aws/sdk-errors.js';
import type { MailSettings } from '../config.js';
import { errorName } from '../http/error-name.js';
import type { InquiryEmail } from './inquiry-email.js';

/**
 * What became of a message: taken by the mail service, surely not taken, or unknown (the request
 * may have reached the service and been acted on; its answer never came).
 */
export type Delivery =
  | { readonly kind: 'sent' }
  | { readonly kind: 'not_sent'; readonly errorName: string }
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
      const sure = neverConnected(error) || errorAnswerStatus(error) !== undefined;
      return { kind: sure ? 'not_sent' : 'unknown', errorName: errorName(error) };
    }
  }
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
