import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { marshall } from '@aws-sdk/util-dynamodb';
import { SendEmailCommand, SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoInquiryStore } from '../../../lambdas/intake/inquiry-store.js';
import type { WorkerTask } from '../../../lambdas/delivery/worker-tasks.js';
import { inquiryKey } from '../../../lambdas/inbox/inquiry-record.js';
import { capturedOutput } from '../../support/captured-output.js';
import { DELIVERY_ENVIRONMENT } from '../../support/contact-environment.js';
import { lambdaContext } from '../../support/events.js';
import { handlerUnderTest } from '../../support/handler-under-test.js';
import { inboxEmulator } from '../../support/inbox-emulator.js';
import { jsonLines } from '../../support/json-lines.js';

/* The delivery worker as Lambda invokes it: the inquiry table in dynalite, SES mocked. */

const TABLE = 'worker-inbox';
const inbox = inboxEmulator(TABLE, { counterTable: DELIVERY_ENVIRONMENT.COUNTER_TABLE });
beforeAll(() => {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = inbox.url();
});
const handler = handlerUnderTest<DynamoDBStreamEvent | WorkerTask, unknown>('delivery', {
  ...DELIVERY_ENVIRONMENT,
  INQUIRY_TABLE: TABLE,
  SES_CONFIGURATION_SET: 'site-mail',
});
const ses = mockClient(SESv2Client);
beforeEach(() => {
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'message-1' });
});
afterAll(() => ses.restore());
const output = capturedOutput();

/** Everything jest can fake but the clock. */
const TIMERS: Array<'hrtime' | 'nextTick' | 'performance' | 'queueMicrotask' | 'setImmediate' | 'clearImmediate' | 'setInterval' | 'clearInterval' | 'setTimeout' | 'clearTimeout'> = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];
const INQUIRY = { name: 'Grace Hopper', email: 'grace@example.com', message: 'A compiler, if you have the time for it.' };
let ids = 0;

/** Stores an inquiry as the contact function does, and gives the stream record of that write. */
async function storedInquiry(): Promise<{ id: string; event: DynamoDBStreamEvent }> {
  const id = `inquiry-${++ids}`;
  await new DynamoInquiryStore(inbox.client(), TABLE).accept({ id, requestId: `request-${id}`, receivedAt: new Date(), inquiry: INQUIRY, heldFor: [] });
  const image = (await inbox.itemOf(id))!;
  const record = {
    eventID: `event-${id}`,
    eventName: 'INSERT' as const,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall({ pk: inquiryKey(id) }),
      NewImage: marshall(image),
      SequenceNumber: String(ids),
      StreamViewType: 'NEW_IMAGE' as const,
    },
  };
  return { id, event: { Records: [record as DynamoDBStreamEvent['Records'][number]] } };
}

describe('the delivery worker handed the stream (docs/api.md §14)', () => {
  it('sends a stored inquiry from the sender to the owner, the visitor as Reply-To, with the configuration set, and records it sent', async () => {
    const { id, event } = await storedInquiry();

    expect(await handler(event, lambdaContext())).toEqual({ batchItemFailures: [] });

    const [send] = ses.commandCalls(SendEmailCommand);
    expect(send?.args[0].input).toMatchObject({
      FromEmailAddress: '"Personal site" <contact@example.com>',
      Destination: { ToAddresses: ['owner@example.com'] },
      ReplyToAddresses: ['grace@example.com'],
      ConfigurationSetName: 'site-mail',
      Content: { Simple: { Subject: { Data: 'Project inquiry from Grace Hopper' } } },
    });
    expect(send?.args[0].input.Content?.Simple?.Body?.Text?.Data).toContain(`Inquiry id: ${id}`);
    expect(await inbox.itemOf(id)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('sends an inquiry whose Reply-To SES refuses (400 BadRequestException) without one, rather than not at all', async () => {
    ses.on(SendEmailCommand).callsFake((input: { ReplyToAddresses?: string[] }) => {
      if (input.ReplyToAddresses !== undefined) {
        throw new SESv2ServiceException({ name: 'BadRequestException', $fault: 'client', $metadata: { httpStatusCode: 400 }, message: 'Illegal address' });
      }
      return { MessageId: 'message-2' };
    });
    const { id, event } = await storedInquiry();

    expect(await handler(event, lambdaContext())).toEqual({ batchItemFailures: [] });

    const sends = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input);
    expect(sends.map((input) => input.ReplyToAddresses)).toEqual([['grace@example.com'], undefined]);
    expect(sends[1]?.Content?.Simple?.Body?.Text?.Data).toMatch(/^No Reply-To: SES refused the visitor's address as one \(BadRequestException\)[^]*\nE-mail:\n> grace@example\.com\n/);
    expect(await inbox.itemOf(id)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(jsonLines(output.text()).filter((line) => line.message === 'delivery')).toEqual([
      expect.objectContaining({ inquiryId: id, outcome: 'sent', errorName: 'BadRequestException', withoutReplyTo: true, InquiriesDelivered: 1 }),
    ]);
  });

  it('sends nothing when the same record comes again', async () => {
    const { event } = await storedInquiry();

    await handler(event, lambdaContext());
    await handler(event, lambdaContext());

    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });

  it('writes one line per inquiry, with its id, outcome and metric, and nothing the visitor wrote', async () => {
    const { id, event } = await storedInquiry();

    await handler(event, lambdaContext());

    const lines = jsonLines(output.text()).filter((line) => line.message === 'delivery');
    expect(lines).toEqual([expect.objectContaining({ inquiryId: id, outcome: 'sent', attempt: 1, InquiriesDelivered: 1 })]);
    expect(output.text()).not.toMatch(/grace|Hopper|compiler/i);
  });
});

describe('the delivery worker handed a sweep', () => {
  it('retries what is due: an inquiry SES refused is sent at the sweep after its delay', async () => {
    ses.on(SendEmailCommand).rejectsOnce(Object.assign(new Error('Throttled'), { name: 'TooManyRequestsException', $fault: 'client', $metadata: { httpStatusCode: 429 } }));
    const { id, event } = await storedInquiry();
    await handler(event, lambdaContext());
    expect(await inbox.itemOf(id)).toMatchObject({ state: 'pending', lastError: 'TooManyRequestsException' });

    const { dueAt } = (await inbox.itemOf(id)) as { dueAt: number };
    // The sweep a minute later: only the clock moves on, every timer runs as it does.
    jest.useFakeTimers({ now: dueAt * 1000, doNotFake: TIMERS });
    try {
      expect(await handler({ task: 'sweep' }, lambdaContext())).toEqual({});
    } finally {
      jest.useRealTimers();
    }

    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
    expect(await inbox.itemOf(id)).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('refuses an event it does not know', async () => {
    await expect(handler({ task: 'dig' }, lambdaContext())).rejects.toThrow('No such task');
  });
});

describe('the delivery worker handed the digest (docs/api.md §15)', () => {
  it('mails every held inquiry in one mail to the owner, without a Reply-To, and marks each sent in the digest', async () => {
    const held = [`held-${++ids}`, `held-${++ids}`];
    for (const id of held) {
      await new DynamoInquiryStore(inbox.client(), TABLE).accept({
        id,
        requestId: `request-${id}`,
        receivedAt: new Date(Date.now() - 1000),
        inquiry: INQUIRY,
        heldFor: [{ signal: 'link_stuffing', links: 8, limit: 5, inOwnFields: false }],
      });
    }

    expect(await handler({ task: 'digest' }, lambdaContext())).toEqual({});

    const sends = ses.commandCalls(SendEmailCommand);
    expect(sends).toHaveLength(1);
    const input = sends[0]!.args[0].input;
    expect(input).toMatchObject({ Destination: { ToAddresses: ['owner@example.com'] }, ConfigurationSetName: 'site-mail' });
    expect(input.ReplyToAddresses).toBeUndefined();
    expect(input.Content?.Simple?.Subject?.Data).toMatch(/^Digest: \d+ held inquiries, \d{4}-\d{2}-\d{2}$/);
    for (const id of held) {
      expect(input.Content?.Simple?.Body?.Text?.Data).toContain(`Inquiry id: ${id}`);
      expect(await inbox.itemOf(id)).toMatchObject({ state: 'sent', sentIn: 'digest' });
    }
    expect(jsonLines(output.text()).filter((line) => line.message === 'digest')).toEqual([expect.objectContaining({ outcome: 'sent' })]);

    expect(await handler({ task: 'digest' }, lambdaContext())).toEqual({});
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1);
  });
});
