import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFrontDoorFunction } from '../../../bin/publish/deployed-site.js';
import { updateFrontDoor } from '../../../bin/publish/front-door-update.js';
import { frontDoorFunctionCode, frontDoorRouting, type SiteRouting } from '../../../lib/edge/front-door-function.js';

/*
 * Publish's reading and update of the front door's function on CloudFront's wire, which neither
 * moto nor any emulator here serves: a server of the test's own answers GetFunction,
 * DescribeFunction, UpdateFunction and PublishFunction as the CloudFront API Reference has them
 * (REST with XML bodies, version 2020-05-31; the code as the body of GetFunction's answer, the
 * version in a header, If-Match on each change), and records what the SDK sent: the paths, the
 * versions matched, the configuration handed back whole (a key value store association included,
 * which UpdateFunction would otherwise drop) and the code as base64.
 */

const NAME = 'PersonalSite-FrontDoorRouting';
const ARN = `arn:aws:cloudfront::123456789012:function/${NAME}`;
const XMLNS = 'http://cloudfront.amazonaws.com/doc/2020-05-31/';
const CONFIG_XML =
  '<FunctionConfig><Comment>Paths of the route table to the API</Comment><Runtime>cloudfront-js-2.0</Runtime>' +
  '<KeyValueStoreAssociations><Quantity>1</Quantity><Items><KeyValueStoreAssociation><KeyValueStoreARN>arn:aws:cloudfront::123456789012:key-value-store/a1b2</KeyValueStoreARN></KeyValueStoreAssociation></Items></KeyValueStoreAssociations></FunctionConfig>';
const BEFORE = frontDoorRouting(['index.html', 'about.html']) as SiteRouting;
const AFTER = frontDoorRouting(['index.html', 'about.html', 'work.html', 'feed']) as SiteRouting;

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
/** Each stage's code, and the DEVELOPMENT stage's version, which an update changes. */
let liveCode = '';
let developmentCode = '';
let developmentVersion = '';

function summary(stage: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><FunctionSummary xmlns="${XMLNS}"><Name>${NAME}</Name><Status>DEPLOYED</Status>${CONFIG_XML}<FunctionMetadata><FunctionARN>${ARN}</FunctionARN><Stage>${stage}</Stage></FunctionMetadata></FunctionSummary>`;
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
    const answer = (headers: Record<string, string>, text: string) => response.writeHead(200, headers).end(text);
    const path = `/2020-05-31/function/${NAME}`;
    if (request.method === 'GET' && request.url === `${path}?Stage=LIVE`) return answer({ 'Content-Type': 'application/octet-stream', ETag: 'ETVLIVE' }, liveCode);
    if (request.method === 'GET' && request.url === `${path}?Stage=DEVELOPMENT`) return answer({ 'Content-Type': 'application/octet-stream', ETag: developmentVersion }, developmentCode);
    if (request.method === 'GET' && request.url === `${path}/describe?Stage=DEVELOPMENT`) return answer({ 'Content-Type': 'text/xml', ETag: developmentVersion }, summary('DEVELOPMENT'));
    if (request.method === 'PUT' && request.url === path && ifMatch === developmentVersion) {
      developmentCode = Buffer.from(/<FunctionCode>([^<]*)<\/FunctionCode>/.exec(body)?.[1] ?? '', 'base64').toString('utf8');
      developmentVersion = 'ETVDEV2';
      return answer({ 'Content-Type': 'text/xml', [updateVersionHeader]: developmentVersion }, summary('DEVELOPMENT'));
    }
    if (request.method === 'POST' && request.url === `${path}/publish` && ifMatch === developmentVersion) {
      liveCode = developmentCode;
      return answer({ 'Content-Type': 'text/xml', ETag: 'ETVLIVE2' }, summary('LIVE'));
    }
    response
      .writeHead(412, { 'Content-Type': 'text/xml' })
      .end(`<?xml version="1.0"?><ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>PreconditionFailed</Code><Message>no such call</Message></Error></ErrorResponse>`);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

const cloudFront = () => new CloudFrontClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, maxAttempts: 1 });
const call = (method: string, url: string, ifMatch?: string) => ({ method, url: `/2020-05-31/function/${NAME}${url}`, ifMatch });

it.each([
  ['as the model names it, ETtag, which the publish then matches', 'ETtag', []],
  ['as ETag, which the SDK does not read for it: the version is described again', 'ETag', [call('GET', '/describe?Stage=DEVELOPMENT')]],
])('reads both stages and the version, updates the function on that version with its whole configuration, then publishes it, the update’s version given %s', async (_how, header, describedAgain) => {
  received.length = 0;
  liveCode = developmentCode = frontDoorFunctionCode(BEFORE);
  developmentVersion = 'ETVDEV1';
  updateVersionHeader = header;

  const read = await readFrontDoorFunction(cloudFront(), ARN);
  expect(read.routing).toEqual(BEFORE);
  await updateFrontDoor(cloudFront(), read.updatable!, AFTER);

  expect(received.map(({ method, url, ifMatch }) => ({ method, url, ifMatch }))).toEqual([
    call('GET', '?Stage=LIVE'),
    call('GET', '/describe?Stage=DEVELOPMENT'),
    call('GET', '?Stage=DEVELOPMENT'),
    call('PUT', '', 'ETVDEV1'),
    ...describedAgain,
    call('POST', '/publish', 'ETVDEV2'),
  ]);
  const update = received[3]!.body;
  expect(update).toContain(`<UpdateFunctionRequest xmlns="${XMLNS}">`);
  expect(update).toContain(CONFIG_XML);
  expect(liveCode).toBe(frontDoorFunctionCode(AFTER));
});

it('leaves a function whose DEVELOPMENT stage holds other code than it runs (a change not yet published) to a deploy', async () => {
  liveCode = frontDoorFunctionCode(BEFORE);
  developmentCode = frontDoorFunctionCode(AFTER);
  const read = await readFrontDoorFunction(cloudFront(), ARN);
  expect(read).toEqual({ routing: BEFORE });
});
