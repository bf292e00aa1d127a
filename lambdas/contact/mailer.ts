import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailSettings } from '../config.js';
import type { InquiryEmail } from './inquiry-email.js';

/** Hands an inquiry to the mail service; throws when the service does not take it. */
export interface Mailer {
  send(email: InquiryEmail): Promise<void>;
}

/** Amazon SES v2: from the verified sender identity, to the owner, the visitor only as Reply-To. */
export class SesMailer implements Mailer {
  constructor(
    private readonly client: SESv2Client,
    private readonly settings: MailSettings,
  ) {}

  async send(email: InquiryEmail): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.settings.senderEmail,
        Destination: { ToAddresses: [this.settings.ownerEmail] },
        ReplyToAddresses: [email.replyTo],
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  }
}
