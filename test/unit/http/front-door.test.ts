import { afterEach, describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { httpHandler, type HttpEvent } from '../../../lambdas/http/handler.js';
import { formatAcceptedOriginValues, originValueDigest } from '../../../lambdas/http/origin-verify.js';
import type { Reply } from '../../../lambdas/http/reply.js';
import { httpEvent, lambdaContext } from '../../support/events.js';
import { METRICS_NAMESPACE } from '../../../lambdas/http/metrics.js';
import { SERVICE_NAME } from '../../../lambdas/http/service-name.js';
import { capturedOutput } from '../../support/captured-output.js';
import { embeddedMetrics } from '../../support/emf.js';
import { FRONT_DOOR_DIGESTS, FRONT_DOOR_HEADER as SECRET } from '../../support/front-door-header.js';
import { jsonLines } from '../../support/json-lines.js';

const savedDigests = process.env.ORIGIN_VERIFY_DIGESTS;
/** The request log lines, read rather than printed among the results. */
const output = capturedOutput();
afterEach(() => {
  if (savedDigests === undefined) delete process.env.ORIGIN_VERIFY_DIGESTS;
  else process.env.ORIGIN_VERIFY_DIGESTS = savedDigests;
});

const DOCUMENT: Reply = {
  statusCode: 200,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=300', Link: '</x>; rel="x"' },
  body: 'the document',
  outcome: 'served',
};

/** A wrapped handler that records the events it is given; the wrapper reads the header's digests when made. */
function recordingHandler(digests: string | undefined) {
  if (digests === undefined) delete process.env.ORIGIN_VERIFY_DIGESTS;
  else process.env.ORIGIN_VERIFY_DIGESTS = digests;
  const seen: HttpEvent[] = [];
  const wrapped = httpHandler(async (event) => {
    seen.push(event);
    return DOCUMENT;
  });
  return { seen, invoke: (event: APIGatewayProxyEventV2) => wrapped(event, lambdaContext()) };
}

describe('the shared wrapper behind the front door (docs/api.md §10)', () => {
  it.each([
    ['no secret header', {}],
    ['a wrong secret', { 'x-origin-verify': 'guess' }],
  ])('answers a request with %s 403 forbidden, before the handler runs', async (_title, headers: Record<string, string>) => {
    const { seen, invoke } = recordingHandler(FRONT_DOOR_DIGESTS);

    const response = await invoke(httpEvent({ method: 'POST', headers: { ...headers, 'cloudfront-viewer-address': '192.0.2.1:1' } }));

    expect(seen).toEqual([]);
    expect(response.statusCode).toBe(403);
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(JSON.parse(response.body ?? '')).toMatchObject({ status: 403, title: 'Forbidden', code: 'forbidden' });
    const [line] = jsonLines(output.text());
    expect(line).toMatchObject({ status: 403, outcome: 'forbidden' });
    // Counted, so that the owner learns someone calls the API's own endpoint (ApiCalledDirectly, docs/api.md §12).
    expect(embeddedMetrics(line!)).toEqual([
      { namespace: METRICS_NAMESPACE, name: 'ApiCalledDirectly', unit: 'Count', value: 1, dimensions: { service: SERVICE_NAME } },
    ]);
  });

  it('lets a request with the secret through, and says nothing more when it names its viewer', async () => {
    const { seen, invoke } = recordingHandler(FRONT_DOOR_DIGESTS);

    const response = await invoke(
      httpEvent({ method: 'GET', path: '/llms.txt', headers: { 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '192.0.2.1:1' } }),
    );

    expect(seen).toHaveLength(1);
    expect(response.statusCode).toBe(200);
    expect(jsonLines(output.text()).map((line) => line.level)).toEqual(['INFO']);
  });

  it.each([
    ['without', {}],
    ['with an empty', { 'cloudfront-viewer-address': '' }],
  ])('serves a front-door request %s CloudFront-Viewer-Address, and warns and counts it, without any address', async (_title, viewer) => {
    const { seen, invoke } = recordingHandler(FRONT_DOOR_DIGESTS);

    const response = await invoke(httpEvent({ method: 'POST', sourceIp: '198.51.100.77', headers: { 'x-origin-verify': SECRET, ...viewer } }));

    expect(seen).toHaveLength(1);
    expect(response.statusCode).toBe(200);
    const warning = jsonLines(output.text()).find((line) => line.level === 'WARN');
    expect(warning).toMatchObject({ message: 'front door sent no CloudFront-Viewer-Address', requestId: expect.any(String) });
    expect(embeddedMetrics(warning!)).toEqual([
      { namespace: METRICS_NAMESPACE, name: 'ViewerAddressMissing', unit: 'Count', value: 1, dimensions: { service: SERVICE_NAME } },
    ]);
    expect(output.text()).not.toContain('198.51.100.77');
  });

  it('refuses the previous value once its window has passed, and lets it through within it', async () => {
    const retired = 'the-value-the-front-door-sent-before-its-rotation';
    const at = (untilMs: number) =>
      recordingHandler(
        formatAcceptedOriginValues([{ digestHex: originValueDigest(SECRET) }, { digestHex: originValueDigest(retired), until: new Date(untilMs) }]),
      );
    const request = () => httpEvent({ method: 'GET', path: '/llms.txt', headers: { 'x-origin-verify': retired, 'cloudfront-viewer-address': '192.0.2.1:1' } });

    expect((await at(Date.now() + 60_000).invoke(request())).statusCode).toBe(200);
    expect((await at(Date.now() - 1).invoke(request())).statusCode).toBe(403);
  });

  it('asks for no secret when none is configured', async () => {
    const { seen, invoke } = recordingHandler(undefined);

    const response = await invoke(httpEvent({ method: 'GET', path: '/llms.txt' }));

    expect(seen).toHaveLength(1);
    expect(response.statusCode).toBe(200);
  });
});

describe('HEAD wherever GET (docs/api.md §1)', () => {
  it('gives the handler the GET, and returns its whole answer, body included: the platform sets Content-Length from it and sends no body to a HEAD', async () => {
    const { seen, invoke } = recordingHandler(undefined);

    const head = await invoke(httpEvent({ method: 'HEAD', path: '/llms.txt' }));
    const get = await invoke(httpEvent({ method: 'GET', path: '/llms.txt' }));

    expect(seen.map((event) => [event.routeKey, event.requestContext.http.method])).toEqual([
      ['GET /llms.txt', 'GET'],
      ['GET /llms.txt', 'GET'],
    ]);
    expect(head.statusCode).toBe(get.statusCode);
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBe('the document');
    expect(get.body).toBe('the document');
  });

  it('leaves a HEAD no route matches to the fallback, its answer whole', async () => {
    const { seen, invoke } = recordingHandler(undefined);

    const response = await invoke({ ...httpEvent({ method: 'HEAD', path: '/nothing' }), routeKey: '$default' });

    expect(seen.map((event) => event.requestContext.http.method)).toEqual(['HEAD']);
    expect(response.body).toBe('the document');
  });
});
