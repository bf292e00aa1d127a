import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { updateFrontDoor } from '../../../bin/publish/front-door-update.js';
import { frontDoorFunctionCode, frontDoorRouting, type SiteRouting } from '../../../lib/edge/front-door-function.js';

/*
 * updateFrontDoor on CloudFront's wire, which neither moto nor any emulator here serves: a server
 * of the test's own answers DescribeFunction, UpdateFunction and PublishFunction as the CloudFront
 * API Reference has them (REST with XML bodies, version 2020-05-31; the ETag in a header, and
 * If-Match on each change), and records what the SDK sent: the paths, the versions matched, the
 * configuration handed back whole (a key value store association included, which UpdateFunction
 * would otherwise drop) and the code as base64.
 */

const NAME = 'PersonalSite-FrontDoorRouting';
const XMLNS = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
const CONFIG_XML =
  '<FunctionConfig><Comment>Paths of the route table to the API</Comment><Runtime>cloudfront-js-2.0</Runtime>' +
  '<KeyValueStoreAssociations><Quantity>1</Quantity><Items><KeyValueStoreAssociation><KeyValueStoreARN>arn:aws:cloudfront::123456789012:key-value-store/a1b2</KeyValueStoreARN></KeyValueStoreAssociation></Items></KeyValueStoreAssociations></FunctionConfig>';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly ifMatch?: string;
  readonly body: string;
}

let server: Server;
let endpoint: string;
const received: Received[] = [];
/** The header UpdateFunction's answer gives its version in: the model's `ETtag`, or `ETag` as every other answer does. */
let updateVersionHeader = 'ETtag';
/** DescribeFunction's version: the update's once it is made. */
let developmentVersion = 'ETVDEV1';

function summary(stage: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><FunctionSummary xmlns="${XMLNS}"><Name>${NAME}</Name><Status>DEPLOYED</Status>${CONFIG_XML}<FunctionMetadata><FunctionARN>arn:aws:cloudfront::123456789012:function/${NAME}</FunctionARN><Stage>${stage}</Stage></FunctionMetadata></FunctionSummary>`;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const ifMatch = request.headers['if-match'];
    received.push({ method: request.method!, url: request.url!, body, ...(typeof ifMatch === 'string' ? { ifMatch } : {}) });
    const answer = (headers: Record<string, string>, xml: string) => response.writeHead(200, { 'Content-Type': 'text/xml', ...headers }).end(xml);
    if (request.method === 'GET' && request.url === `/2020-05-31/function/${NAME}/describe?Stage=DEVELOPMENT`) return answer({ ETag: developmentVersion }, summary('DEVELOPMENT'));
    if (request.method === 'PUT' && request.url === `/2020-05-31/function/${NAME}` && ifMatch === developmentVersion) {
      developmentVersion = 'ETVDEV2';
      return answer({ [updateVersionHeader]: developmentVersion }, summary('DEVELOPMENT'));
    }
    if (request.method === 'POST' && request.url === `/2020-05-31/function/${NAME}/publish` && ifMatch === developmentVersion) return answer({ ETag: 'ETVLIVE' }, summary('LIVE'));
    response
      .writeHead(412, { 'Content-Type': 'text/xml' })
      .end(`<?xml version="1.0"?><ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>PreconditionFailed</Code><Message>no such call</Message></Error></ErrorResponse>`);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

const DESCRIBE = { method: 'GET', url: `/2020-05-31/function/${NAME}/describe?Stage=DEVELOPMENT`, ifMatch: undefined };

it.each([
  ["as the model names it, ETtag, which the publish then matches", 'ETtag', [DESCRIBE]],
  ['as ETag, which the SDK does not read for it: the version is described again', 'ETag', [DESCRIBE, DESCRIBE]],
])('describes the function, updates it on that version with its whole configuration, then publishes the update, its version given %s', async (_how, header, describes) => {
  received.length = 0;
  developmentVersion = 'ETVDEV1';
  updateVersionHeader = header;
  const routing = frontDoorRouting(['index.html', 'about.html', 'feed']) as SiteRouting;
  const cloudFront = new CloudFrontClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, maxAttempts: 1 });

  await updateFrontDoor(cloudFront, NAME, routing);

  expect(received.map(({ method, url, ifMatch }) => ({ method, url, ifMatch }))).toEqual([
    describes[0],
    { method: 'PUT', url: `/2020-05-31/function/${NAME}`, ifMatch: 'ETVDEV1' },
    ...describes.slice(1),
    { method: 'POST', url: `/2020-05-31/function/${NAME}/publish`, ifMatch: 'ETVDEV2' },
  ]);
  const update = received[1]!.body;
  expect(update).toContain(`<UpdateFunctionRequest xmlns="${XMLNS}">`);
  expect(update).toContain(CONFIG_XML);
  const code = /<FunctionCode>([^<]*)<\/FunctionCode>/.exec(update)?.[1];
  expect(Buffer.from(code ?? '', 'base64').toString('utf8')).toBe(frontDoorFunctionCode(routing));
});
