import { describe, expect, it } from '@jest/globals';
import { corsForOrigins, httpHandler, requestBody, requestHeader } from '../../../lambdas/http/handler.js';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { jsonLines } from '../../support/json-lines.js';
import { capturedOutput } from '../../support/captured-output.js';

describe('requestBody: the body as bytes, text or base64', () => {
  it.each([
    ['a text body', httpEvent({ body: '{"name":"Zoë"}' }), '{"name":"Zoë"}'],
    ['a base64 body', httpEvent({ body: Buffer.from('{"name":"Zoë"}').toString('base64'), isBase64Encoded: true }), '{"name":"Zoë"}'],
    ['no body', httpEvent(), ''],
  ])('reads %s', (_title, event, text) => {
    expect(Buffer.from(requestBody(event)).toString('utf8')).toBe(text);
  });

  it('keeps bytes that are not UTF-8 as they came', () => {
    const event = httpEvent({ body: Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'), isBase64Encoded: true });

    expect([...requestBody(event)]).toEqual([0x7b, 0xff, 0x7d]);
  });
});

describe('requestHeader', () => {
  it('reads a header by its lower-case name, and undefined when absent', () => {
    const event = httpEvent({ headers: { 'content-type': 'application/json' } });

    expect(requestHeader(event, 'content-type')).toBe('application/json');
    expect(requestHeader(event, 'origin')).toBeUndefined();
  });
});

describe('corsForOrigins (docs/api.md §1: only configured origins)', () => {
  const cors = corsForOrigins(['https://example.com', 'https://www.example.com']);

  it.each([['https://example.com'], ['https://www.example.com']])('allows %s', (origin) => {
    expect(cors.isAllowed(origin)).toBe(true);
  });

  it.each([
    ['another site', 'https://attacker.example'],
    ['a lookalike suffix', 'https://example.com.attacker.example'],
    ['another scheme', 'http://example.com'],
    ['another port', 'https://example.com:8443'],
    ['a trailing slash', 'https://example.com/'],
    ['the null origin', 'null'],
    ['a wildcard', '*'],
    ['no origin', undefined],
  ])('refuses %s', (_title, origin) => {
    expect(cors.isAllowed(origin)).toBe(false);
  });
});

describe('httpHandler: the answers no route handler gives itself', () => {
  // The log line and the metric of each request, captured rather than printed among the results.
  const output = capturedOutput();
  const requestLine = () => jsonLines(output.text()).find((line) => line.message === 'request');

  const invoke = (handle: Parameters<typeof httpHandler>[0], remainingMs = 10_000) =>
    httpHandler(handle)(httpEvent({ method: 'GET', path: '/x' }), {
      ...lambdaContext('11111111-2222-4333-8444-555555555555'),
      getRemainingTimeInMillis: () => remainingMs,
    });

  it('turns a crash into a 500 problem that names the request and hides the error', async () => {
    const response = await invoke(async () => {
      throw new TypeError('secret detail of visitor@example.com');
    });

    expect(response).toMatchObject({ statusCode: 500, headers: { 'X-Content-Type-Options': 'nosniff' } });
    expect(JSON.parse(response.body ?? '')).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: expect.any(String),
      code: 'internal_error',
      requestId: '11111111-2222-4333-8444-555555555555',
    });
    expect(response.body).not.toMatch(/TypeError|secret|visitor/);
    expect(requestLine()).toMatchObject({
      status: 500,
      outcome: 'unexpected_error',
      errorName: 'TypeError',
      stack: expect.any(String),
    });
    expect(output.text()).not.toMatch(/secret|visitor/);
  });

  it('logs only the stack frames of a crash whose message runs over several lines', async () => {
    await invoke(async () => {
      throw new Error('Could not read the body:\n{"email":"visitor@example.com","message":"my secret plan"}');
    });

    const { stack } = requestLine() as { stack: string };
    expect(stack.split('\n').length).toBeGreaterThan(0);
    expect(stack.split('\n').every((line) => /^\s+at /.test(line))).toBe(true);
    expect(output.text()).not.toMatch(/secret|visitor/);
  });

  it('answers 503 with Retry-After, not a crash, when the function is about to time out', async () => {
    const response = await invoke(() => new Promise(() => undefined), 600);

    expect(response.statusCode).toBe(503);
    expect(response.headers).toMatchObject({ 'Retry-After': expect.stringMatching(/^\d+$/), 'Cache-Control': 'no-store' });
    expect(JSON.parse(response.body ?? '')).toMatchObject({ code: 'temporarily_unavailable', status: 503 });
    expect(requestLine()).toMatchObject({ status: 503, outcome: 'timed_out', errorName: 'TimeoutError' });
  });
});
