import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccountPlan } from '../../bin/verify/account-plan.js';

/*
 * FreeTier as AWS's model describes it (botocore's JSON model, which the AWS CLI reads), for the
 * tests of `npm run verify`'s account plan check: no emulator serves the service, so the model is
 * what the request and the answers are held to. free-tier-model.json beside this file is the part
 * of the model GetAccountPlanState reads, copied from the file its `source` names.
 */

interface Shape {
  readonly type: string;
  readonly required?: readonly string[];
  readonly members?: Readonly<Record<string, { readonly shape: string }>>;
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly timestampFormat?: string;
}

export const MODEL = JSON.parse(readFileSync(new URL('free-tier-model.json', import.meta.url), 'utf8')) as {
  readonly source: string;
  readonly metadata: { readonly protocol: string; readonly jsonVersion: string; readonly targetPrefix: string; readonly signingName: string; readonly serviceId: string };
  readonly endpoint: { readonly url: string; readonly properties: { readonly authSchemes: ReadonlyArray<{ readonly name: string; readonly signingName: string; readonly signingRegion: string }> } };
  readonly operations: Readonly<Record<string, { readonly http: { readonly method: string; readonly requestUri: string }; readonly input: { readonly shape: string }; readonly output: { readonly shape: string } }>>;
  readonly shapes: Readonly<Record<string, Shape>>;
};

/** The endpoint botocore's rule set names for any region of the aws partition, how a request there is signed, and the service's id. */
export const MODEL_ENDPOINT = (() => {
  const [sigv4] = MODEL.endpoint.properties.authSchemes.filter((scheme) => scheme.name === 'sigv4');
  return { url: MODEL.endpoint.url, signingName: sigv4!.signingName, signingRegion: sigv4!.signingRegion, serviceId: MODEL.metadata.serviceId };
})();

/** Where a value breaks a shape of the model: a required member missing, an unknown one, a type, an enum value, a pattern, a timestamp. */
export function shapeErrors(shapeName: string, value: unknown, path = '$'): string[] {
  const shape = MODEL.shapes[shapeName];
  if (shape === undefined) throw new Error(`no shape ${shapeName} in the model`);
  switch (shape.type) {
    case 'string':
      if (typeof value !== 'string') return [`${path} is not a string`];
      if (shape.enum !== undefined && !shape.enum.includes(value)) return [`${path} is ${JSON.stringify(value)}, not one of ${shape.enum.join(', ')}`];
      return shape.pattern === undefined || new RegExp(`^(?:${shape.pattern})$`).test(value) ? [] : [`${path} does not match ${shape.pattern}`];
    case 'double':
      return typeof value === 'number' ? [] : [`${path} is not a number`];
    case 'timestamp':
      return shape.timestampFormat === 'iso8601' && typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? [] : [`${path} is not an ISO 8601 time`];
    case 'structure': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} is not a structure`];
      const given = value as Record<string, unknown>;
      const members = shape.members ?? {};
      return [
        ...Object.keys(given).filter((key) => !(key in members)).map((key) => `${path}.${key} is not a member of ${shapeName}`),
        ...(shape.required ?? []).filter((key) => given[key] === undefined).map((key) => `${path}.${key} is required`),
        ...Object.entries(members).flatMap(([name, member]) => (given[name] === undefined ? [] : shapeErrors(member.shape, given[name], `${path}.${name}`))),
      ];
    }
    default:
      throw new Error(`no check for the ${shape.type} shape ${shapeName}`);
  }
}

/** An answer of GetAccountPlanState in the model's shape: thrown if it is not. */
export function modelAccountPlan(plan: AccountPlan & { readonly accountId?: string }): AccountPlan {
  const answer = { accountId: '123456789012', ...plan };
  const errors = shapeErrors('GetAccountPlanStateResponse', answer);
  if (errors.length > 0) throw new Error(`not a GetAccountPlanStateResponse of the model: ${errors.join('; ')}`);
  return answer;
}

/** A paid account, as most that host a site are. */
export const PAID_ACCOUNT_PLAN = { accountPlanType: 'PAID', accountPlanStatus: 'ACTIVE' } as const;

/**
 * FreeTier's endpoint as the model describes it, for GetAccountPlanState (awsJson1_0): a request
 * to another host, path or method, another target or content type, unsigned for the model's
 * signing name, or whose body is not a GetAccountPlanStateRequest, is a test failure; it answers
 * with the plan given, or with the model's error of that name (its `__type` in the body, as
 * awsJson1_0 sends it). `origin` is where it is served: the model's endpoint, unless a test
 * names another, as AWS_ENDPOINT_URL_FREETIER does.
 */
export function freeTierEndpoint(answer: () => AccountPlan | { readonly error: string; readonly message: string }, origin: string = MODEL_ENDPOINT.url): typeof fetch {
  const operation = MODEL.operations.GetAccountPlanState!;
  return (async (target: string | URL | Request, init?: RequestInit) => {
    const requested = new URL(String(target));
    if (`${requested.origin}${requested.pathname}` !== `${origin}${operation.http.requestUri}` || init?.method !== operation.http.method) {
      throw new Error(`not FreeTier's endpoint: ${init?.method} ${requested.href}`);
    }
    const headers = init.headers as Record<string, string>;
    if (headers['x-amz-target'] !== `${MODEL.metadata.targetPrefix}.GetAccountPlanState`) throw new Error(`not GetAccountPlanState: ${headers['x-amz-target']}`);
    if (headers['content-type'] !== `application/x-amz-json-${MODEL.metadata.jsonVersion}`) throw new Error(`not awsJson${MODEL.metadata.jsonVersion}: ${headers['content-type']}`);
    if (!(headers.authorization ?? '').includes(`/${MODEL_ENDPOINT.signingRegion}/${MODEL_ENDPOINT.signingName}/aws4_request`)) throw new Error(`not signed for ${MODEL_ENDPOINT.signingName}: ${headers.authorization}`);
    const inputErrors = shapeErrors(operation.input.shape, JSON.parse(String(init.body)));
    if (inputErrors.length > 0) throw new Error(`not a ${operation.input.shape}: ${inputErrors.join('; ')}`);
    const given = answer();
    if ('error' in given) {
      const errors = shapeErrors(given.error, { message: given.message });
      if (errors.length > 0) throw new Error(`not a ${given.error} of the model: ${errors.join('; ')}`);
      return new Response(JSON.stringify({ __type: `com.amazonaws.freetier#${given.error}`, message: given.message }), { status: 400, headers: { 'content-type': 'application/x-amz-json-1.0' } });
    }
    return new Response(JSON.stringify(modelAccountPlan(given)), { status: 200, headers: { 'content-type': 'application/x-amz-json-1.0' } });
  }) as typeof fetch;
}

/** freeTierEndpoint over HTTP on loopback, for a command run as a process (AWS_ENDPOINT_URL_FREETIER names its url). */
export async function serveFreeTier(answer: Parameters<typeof freeTierEndpoint>[0]): Promise<{ readonly url: string; close(): Promise<void> }> {
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      try {
        const answered = await freeTierEndpoint(answer, origin)(new URL(request.url ?? '/', origin), {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(answered.status, Object.fromEntries(answered.headers)).end(await answered.text());
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`not FreeTier as its model has it: ${(error as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
