import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureInquiryTable, startDynamoEmulator, type RunningServer } from '../../../bin/local/emulators.js';
import { REMEMBER_SECONDS } from '../../../lambdas/inquiry/idempotency-key.js';
import { createRememberedAnswers, type RememberedAnswers } from '../../../lambdas/contact/remembered-answers.js';
import type { Reply } from '../../../lambdas/http/reply.js';
import { lambdaContext } from '../../support/events.js';
import { closedPortUrl } from '../../support/unreachable.js';

/* Powertools' Idempotency behind `Idempotency-Key`, against dynalite's inquiry table: what is remembered, and what not. */

const TABLE = 'idempotency-under-test';
let emulator: RunningServer;
let answers: RememberedAnswers;
let keys = 0;
const newKey = () => `key-${++keys}`;
const body = (text: string) => new TextEncoder().encode(text);
const accepted = (id: string): Reply => ({ statusCode: 202, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'accepted', id }), outcome: 'accepted' });
const unavailable: Reply = { statusCode: 503, headers: {}, body: '{}', outcome: 'inquiry_store_failed' };
const rateLimited: Reply = { statusCode: 429, headers: { 'Retry-After': '60' }, body: '{}', outcome: 'rate_limited_ip' };

const savedEnv = { ...process.env };
beforeAll(async () => {
  emulator = await startDynamoEmulator('127.0.0.1');
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: emulator.url,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
  });
  await ensureInquiryTable(new DynamoDBClient({}), TABLE);
  answers = createRememberedAnswers(TABLE);
});
afterAll(async () => {
  process.env = savedEnv;
  await emulator.close();
});

describe('remembered answers to an Idempotency-Key', () => {
  it('answers a repeat with the first answer, marked replayed, without running it again', async () => {
    const key = newKey();
    const run = jest.fn(async () => accepted('first-request'));

    const first = await answers.answer(key, body('{"a":1}'), lambdaContext('first-request'), run);
    const second = await answers.answer(key, body('{"a":1}'), lambdaContext('second-request'), run);

    expect(run).toHaveBeenCalledTimes(1);
    expect(first).toEqual(accepted('first-request'));
    expect(second).toMatchObject({ statusCode: 202, body: first.body, outcome: 'replayed' });
    expect(second.headers).toMatchObject({ 'Idempotency-Replayed': 'true' });
    expect(first.headers).not.toHaveProperty('Idempotency-Replayed');
  });

  it('answers the same key with another body 422 idempotency_key_reused', async () => {
    const key = newKey();
    await answers.answer(key, body('{"a":1}'), lambdaContext(), async () => accepted('x'));

    const reused = await answers.answer(key, body('{"a":2}'), lambdaContext('reuse'), async () => accepted('y'));

    expect(reused.statusCode).toBe(422);
    expect(JSON.parse(reused.body ?? '')).toMatchObject({ code: 'idempotency_key_reused', requestId: 'reuse' });
  });

  it('answers a repeat while the first is running 409 request_in_progress with Retry-After', async () => {
    const key = newKey();
    let finish!: () => void;
    const first = answers.answer(key, body('{}'), lambdaContext(), () => new Promise<Reply>((resolve) => (finish = () => resolve(accepted('x')))));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const repeat = await answers.answer(key, body('{}'), lambdaContext('repeat'), async () => accepted('y'));
    finish();
    await first;

    expect(repeat.statusCode).toBe(409);
    expect(JSON.parse(repeat.body ?? '')).toMatchObject({ code: 'request_in_progress', title: 'Conflict' });
    expect(Number(repeat.headers['Retry-After'])).toBeGreaterThan(0);
  });

  it.each([
    ['a 503', unavailable],
    ['a 429 (its Retry-After asks for a retry)', rateLimited],
  ])('does not remember %s: a retry with the key runs again', async (_title, first) => {
    const key = newKey();
    const run = jest.fn<() => Promise<Reply>>().mockResolvedValueOnce(first).mockResolvedValueOnce(accepted('retry'));

    expect((await answers.answer(key, body('{}'), lambdaContext(), run)).statusCode).toBe(first.statusCode);
    expect((await answers.answer(key, body('{}'), lambdaContext(), run)).statusCode).toBe(202);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('forgets an answer after 24 hours', async () => {
    const key = newKey();
    const run = jest.fn(async () => accepted('x'));
    await answers.answer(key, body('{}'), lambdaContext(), run);

    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + (REMEMBER_SECONDS - 60) * 1000);
    expect((await answers.answer(key, body('{}'), lambdaContext(), run)).outcome).toBe('replayed');
    jest.spyOn(Date, 'now').mockReturnValue(now + (REMEMBER_SECONDS + 60) * 1000);
    expect((await answers.answer(key, body('{}'), lambdaContext(), run)).outcome).toBe('accepted');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('answers 503, running nothing, when the table cannot be reached', async () => {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = await closedPortUrl();
    const unreachable = createRememberedAnswers(TABLE);
    const run = jest.fn(async () => accepted('x'));

    const reply = await unreachable.answer(newKey(), body('{}'), lambdaContext(), run).finally(() => {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = emulator.url;
    });

    expect(run).not.toHaveBeenCalled();
    expect(reply).toMatchObject({ statusCode: 503, outcome: 'idempotency_store_failed' });
  });

  it('lets an unexpected error of the request itself through (a 500, not a 503)', async () => {
    await expect(answers.answer(newKey(), body('{}'), lambdaContext(), async () => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug');
  });
});
