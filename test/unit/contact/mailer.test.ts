import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SendEmailCommand, SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { SesMailer } from '../../../lambdas/contact/mailer.js';

const ses = mockClient(SESv2Client);
const settings = { ownerEmail: 'owner@example.com', senderEmail: 'contact@example.com' };
const email = {
  replyTo: 'Ada+site@Example.com',
  subject: 'Project inquiry from Zoë (Babbage & Co)',
  text: 'Name: Zoë\n\nMessage:\nHello 😀\n',
};

beforeEach(() => {
  ses.reset();
});
afterAll(() => ses.restore());

describe('SesMailer (CONTRACT §2: SES v2 SendEmail, Simple content)', () => {
  it('sends from the sender identity to the owner, the visitor only as Reply-To, in UTF-8', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });

    await new SesMailer(new SESv2Client({ region: 'eu-west-1' }), settings).send(email);

    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      FromEmailAddress: 'contact@example.com',
      Destination: { ToAddresses: ['owner@example.com'] },
      ReplyToAddresses: ['Ada+site@Example.com'],
      Content: {
        Simple: {
          Subject: { Data: 'Project inquiry from Zoë (Babbage & Co)', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Name: Zoë\n\nMessage:\nHello 😀\n', Charset: 'UTF-8' } },
        },
      },
    });
    // Never the visitor in From or To.
    const input = calls[0]?.args[0].input;
    expect(input?.FromEmailAddress).not.toContain('Ada');
    expect(JSON.stringify(input?.Destination)).not.toContain('Ada');
  });

  it('throws when SES does not take the message', async () => {
    const rejection = new SESv2ServiceException({ name: 'MessageRejected', $fault: 'client', $metadata: {}, message: 'Email address is not verified.' });
    ses.on(SendEmailCommand).rejects(rejection);

    await expect(new SesMailer(new SESv2Client({ region: 'eu-west-1' }), settings).send(email)).rejects.toMatchObject({
      name: 'MessageRejected',
    });
  });
});
