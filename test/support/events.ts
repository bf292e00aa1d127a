import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

export interface HttpEventOptions {
  readonly method?: string;
  readonly path?: string;
  /** Header names as API Gateway v2 passes them: lower case. */
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly isBase64Encoded?: boolean;
  readonly sourceIp?: string;
}

/** An API Gateway HTTP API (payload format 2.0) event, as the platform hands it to a function. */
export function httpEvent(options: HttpEventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'POST';
  const path = options.path ?? '/api/contact';
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: options.headers ?? {},
    requestContext: {
      accountId: '123456789012',
      apiId: 'api-id',
      domainName: 'api.example.com',
      domainPrefix: 'api',
      http: {
        method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: options.sourceIp ?? '203.0.113.7',
        userAgent: 'jest',
      },
      requestId: 'gateway-request-id',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '01/Jan/2030:12:00:00 +0000',
      timeEpoch: Date.UTC(2030, 0, 1, 12),
    },
    isBase64Encoded: options.isBase64Encoded ?? false,
    ...(options.body === undefined ? {} : { body: options.body }),
  };
}

/** A POST of a JSON value to the contact route, with `Content-Type: application/json` unless told otherwise. */
export function jsonPostEvent(body: unknown, options: Omit<HttpEventOptions, 'body' | 'method'> = {}): APIGatewayProxyEventV2 {
  return httpEvent({
    ...options,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A Lambda context with a fresh request id (the id the service answers and logs with). */
export function lambdaContext(awsRequestId: string = randomUUID()): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'contact',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:contact',
    memoryLimitInMB: '256',
    awsRequestId,
    logGroupName: '/aws/lambda/contact',
    logStreamName: '2030/01/01/[$LATEST]stream',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
