import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SendEmailCommand, SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { displayName, mayResendEmail, SesMailer } from '../../../lambdas/delivery/mailer.js';

const ses = mockClient(SESv2Client);
const settings = { ownerEmail: 'owner@example.com', senderEmail: 'contact@example.com', senderName: 'Ada\'s "Site"' };
const email = {
  replyTo: 'Ada+site@Example.com',
  subject: 'Project inquiry from Zoë (Babbage & Co)',
  text: 'Name: Zoë\n\nMessage:\nHello 😀\n',
};

beforeEach(() => {
  ses.reset();
});
afterAll(() => ses.restore());

describe('SesMailer (docs/api.md §2: SES v2 SendEmail, Simple content)', () => {
  it('sends from the sender identity to the owner, the visitor only as Reply-To, in UTF-8', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });

    await expect(new SesMailer(new SESv2Client({ region: 'eu-west-1' }), settings).send(email)).resolves.toEqual({ kind: 'sent' });

    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      FromEmailAddress: '"Ada\'s \\"Site\\"" <contact@example.com>',
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
    expect(input?.FromEmailAddress).not.toContain('Ada+site');
    expect(JSON.stringify(input?.Destination)).not.toContain('Ada');
  });

  it('names the stack\'s configuration set when one is configured (docs/api.md §12)', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });

    await new SesMailer(new SESv2Client({ region: 'eu-west-1' }), { ...settings, configurationSet: 'site-mail' }).send(email);

    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.ConfigurationSetName).toBe('site-mail');
  });

  const answer = (name: string, status: number, message = name) =>
    new SESv2ServiceException({ name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status }, message });

  it.each<[string, SESv2ServiceException, typeof email | Omit<typeof email, 'replyTo'>, string | undefined]>([
    ['its content (the virus scan, or an identity not verified)', answer('MessageRejected', 400, 'Email address is not verified.'), email, 'content'],
    ['the Reply-To: an invalid parameter of a mail that has one', answer('BadRequestException', 400, 'Missing final \'@domain\''), email, 'reply_to'],
    ['the Reply-To: any 400 that names its address', answer('InvalidParameterValue', 400, 'Illegal address: ada+site@example.com'), email, 'reply_to'],
    ['the content: an invalid parameter of a mail without a Reply-To', answer('BadRequestException', 400), { subject: email.subject, text: email.text }, 'content'],
    ['the account: sending paused', answer('SendingPausedException', 400), email, 'account'],
    ['the account: the configuration set missing', answer('NotFoundException', 404), email, 'account'],
    ['nothing: throttling, to try again', answer('TooManyRequestsException', 429), email, undefined],
    ['nothing: a failure of SES, to try again', answer('InternalFailure', 500), email, undefined],
  ])('answers not_sent when SES refuses %s', async (_title, rejection, mail, refusal) => {
    ses.on(SendEmailCommand).rejects(rejection);

    await expect(new SesMailer(new SESv2Client({ region: 'eu-west-1' }), settings).send(mail)).resolves.toEqual({
      kind: 'not_sent',
      errorName: rejection.name,
      ...(refusal === undefined ? {} : { refusal }),
    });
  });

  it('sends no Reply-To for a mail without one', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });

    await new SesMailer(new SESv2Client({ region: 'eu-west-1' }), settings).send({ subject: email.subject, text: email.text });

    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input).not.toHaveProperty('ReplyToAddresses');
  });

  it('answers not_sent when no connection could be opened', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED', syscall: 'connect' }));

    await expect(new SesMailer(new SESv2Client({ region: 'eu-west-1' }), settings).send(email)).resolves.toMatchObject({ kind: 'not_sent' });
  });

  it.each([
    ['a request timeout', Object.assign(new Error('a request has exceeded the configured 2000 ms requestTimeout.'), { name: 'TimeoutError', code: 'ETIMEDOUT' })],
    ['a connection reset mid-answer', Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' })],
    ['a 200 whose body was cut', Object.assign(new Error('Deserialization error'), { $metadata: { httpStatusCode: 200 } })],
  ])('answers unknown after %s: SES may have taken it', async (_title, error) => {
    ses.on(SendEmailCommand).rejects(error);

    await expect(new SesMailer(new SESv2Client({ region: 'eu-west-1' }), settings).send(email)).resolves.toMatchObject({ kind: 'unknown' });
  });
});

describe('displayName (the From, docs/api.md §12)', () => {
  it('quotes an ASCII name, escaping quotes and backslashes', () => {
    expect(displayName('Jane "JD" Doe \\ Co')).toBe('"Jane \\"JD\\" Doe \\\\ Co"');
  });

  it('encodes a non-ASCII name as RFC 2047 words of at most 75 characters', () => {
    const words = displayName('Zoë’s studio — '.repeat(6)).split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(word.length).toBeLessThanOrEqual(75);
    }
    const decoded = words.map((word) => Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).join('');
    expect(decoded).toBe('Zoë’s studio — '.repeat(6));
  });
});

describe('mayResendEmail (the SES client\'s retry rule, docs/api.md §11)', () => {
  const answer = (name: string, status: number) => new SESv2ServiceException({ name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status }, message: name });

  it.each([
    ['connection refused', Object.assign(new Error('refused'), { code: 'ECONNREFUSED', syscall: 'connect' }), true],
    ['DNS failure', Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND', syscall: 'getaddrinfo' }), true],
    ['connection timeout', Object.assign(new Error('@smithy/node-http-handler - the request socket did not establish a connection with the server within the configured timeout of 500 ms.'), { name: 'TimeoutError' }), true],
    ['throttling answer', answer('TooManyRequestsException', 429), true],
    ['5xx answer', answer('InternalFailure', 500), true],
    ['refusal answer', answer('MessageRejected', 400), false],
    ['request timeout', Object.assign(new Error('exceeded requestTimeout'), { name: 'TimeoutError', code: 'ETIMEDOUT' }), false],
    ['reset mid-answer', Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' }), false],
  ])('%s', (_title, error, retry) => {
    expect(mayResendEmail(error)).toBe(retry);
  });
});
