import { readFileSync } from 'node:fs';
import type { PlanSubscription } from '../../bin/verify/pricing-plan.js';

/*
 * PricingPlanManager as AWS's Smithy model describes it, for the tests of `npm run verify`'s plan
 * check: no emulator serves the service, so the model is what the requests and the answers are
 * held to. pricing-plan-manager-model.json beside this file is the part of the model the check
 * reads, copied from the file its `metadata.source` names.
 */

interface Shape {
  readonly type: string;
  readonly members?: Readonly<Record<string, { readonly target: string; readonly traits?: Readonly<Record<string, unknown>> }>>;
  readonly member?: { readonly target: string };
  readonly traits?: Readonly<Record<string, any>>;
  readonly [key: string]: unknown;
}

const NAMESPACE = 'com.amazonaws.pricingplanmanager#';
export const MODEL = JSON.parse(readFileSync(new URL('pricing-plan-manager-model.json', import.meta.url), 'utf8')) as {
  readonly metadata: { readonly source: string };
  readonly shapes: Readonly<Record<string, Shape>>;
};

function shape(name: string): Shape {
  const found = MODEL.shapes[name.includes('#') ? name : NAMESPACE + name];
  if (found === undefined) throw new Error(`no shape ${name} in the model`);
  return found;
}

/** The endpoint the model's rule set resolves when no endpoint is configured: its URL, how a request is signed, and the service's `sdkId`. */
export function modelEndpoint(): { url: string; signingName: string; signingRegion: string; serviceId: string } {
  const rules = shape('AWSPricingPlanManager').traits!['smithy.rules#endpointRuleSet'].rules as Array<{ conditions: unknown[]; endpoint: { url: string; properties: { authSchemes: Array<{ name: string; signingName: string; signingRegion: string }> } } }>;
  const { url, properties } = rules.find((rule) => rule.conditions.length === 0)!.endpoint;
  const [sigv4] = properties.authSchemes.filter((scheme) => scheme.name === 'sigv4');
  const { sdkId } = shape('AWSPricingPlanManager').traits!['aws.api#service'] as { sdkId: string };
  return { url, signingName: sigv4!.signingName, signingRegion: sigv4!.signingRegion, serviceId: sdkId };
}

/** An operation's HTTP binding (`smithy.api#http`). */
export function modelHttp(operation: string): { method: string; uri: string } {
  return shape(operation).traits!['smithy.api#http'];
}

/** The member of an operation's output that is the whole HTTP body (`smithy.api#httpPayload`), and the ones sent as headers. */
export function modelOutputBinding(operation: string): { payload: string | undefined; headers: Record<string, string> } {
  const output = (shape(operation).output as { target: string }).target;
  const members = Object.entries(shape(output).members ?? {});
  return {
    payload: members.find(([, member]) => member.traits?.['smithy.api#httpPayload'] !== undefined)?.[0],
    headers: Object.fromEntries(members.flatMap(([name, member]) => (typeof member.traits?.['smithy.api#httpHeader'] === 'string' ? [[name, member.traits['smithy.api#httpHeader'] as string]] : []))),
  };
}

/**
 * Where a value breaks the model's shape: a required member missing, a member the shape does not
 * have, a type, an enum value, a timestamp, a length. Empty when it conforms.
 */
export function shapeErrors(shapeName: string, value: unknown, path = '$'): string[] {
  if (shapeName === 'smithy.api#String') return typeof value === 'string' ? [] : [`${path} is not a string`];
  if (shapeName === 'smithy.api#Timestamp') return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? [] : [`${path} is not a date-time`];
  const { type, members = {}, member, traits = {} } = shape(shapeName);
  const length = traits['smithy.api#length'] as { min?: number; max?: number } | undefined;
  const lengthErrors = (size: number) => (length !== undefined && (size < (length.min ?? 0) || size > (length.max ?? Infinity)) ? [`${path} has length ${size}, outside ${JSON.stringify(length)}`] : []);
  switch (type) {
    case 'string':
      return typeof value === 'string' ? lengthErrors(value.length) : [`${path} is not a string`];
    case 'enum': {
      const values = Object.values(members).map((enumMember) => enumMember.traits?.['smithy.api#enumValue']);
      return values.includes(value) ? [] : [`${path} is ${JSON.stringify(value)}, not one of ${values.join(', ')}`];
    }
    case 'list':
      return Array.isArray(value) ? [...lengthErrors(value.length), ...value.flatMap((item, index) => shapeErrors(member!.target, item, `${path}[${index}]`))] : [`${path} is not a list`];
    case 'structure': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} is not a structure`];
      const given = value as Record<string, unknown>;
      return [
        ...Object.keys(given).filter((key) => !(key in members)).map((key) => `${path}.${key} is not a member of ${shapeName}`),
        ...Object.entries(members).flatMap(([name, { target, traits: memberTraits }]) =>
          given[name] === undefined ? (memberTraits?.['smithy.api#required'] === undefined ? [] : [`${path}.${name} is required`]) : shapeErrors(target, given[name], `${path}.${name}`),
        ),
      ];
    }
    default:
      throw new Error(`no check for the ${type} shape ${shapeName}`);
  }
}

/** A `Subscription` in the model's shape, every member the wire may carry. */
export type ModelSubscription = PlanSubscription & { readonly createdAt: string; readonly updatedAt: string; readonly usageLevel?: string };

/** The model's own example answer of GetSubscription, changed as given: thrown if the result is not of the model's shape. */
export function modelSubscription(changes: Partial<ModelSubscription> = {}): ModelSubscription {
  const [example] = shape('GetSubscription').traits!['smithy.api#examples'] as Array<{ output: { subscription: ModelSubscription } }>;
  const subscription = { ...example!.output.subscription, ...changes };
  const errors = shapeErrors('Subscription', subscription);
  if (errors.length > 0) throw new Error(`not a Subscription of the model: ${errors.join('; ')}`);
  return subscription;
}

/**
 * PricingPlanManager's endpoint as the model describes it, for GetSubscription: a request to
 * another host, path or method, or whose body is not a GetSubscriptionInput, is a test failure;
 * a known ARN is answered with its Subscription as the whole body (the output's `httpPayload`)
 * and its ETag header, any other with the model's ResourceNotFoundException.
 */
export function pricingPlanManagerEndpoint(subscriptionOf: (arn: string) => ModelSubscription | undefined): typeof fetch {
  const { url, signingName, signingRegion } = modelEndpoint();
  const { method, uri } = modelHttp('GetSubscription');
  return (async (target: string | URL | Request, init?: RequestInit) => {
    const requested = new URL(String(target));
    if (`${requested.origin}${requested.pathname}` !== `${url}${uri}` || init?.method !== method) throw new Error(`not GetSubscription: ${init?.method} ${requested.href}`);
    const authorization = (init.headers as Record<string, string>).authorization ?? '';
    if (!authorization.includes(`/${signingRegion}/${signingName}/aws4_request`)) throw new Error(`not signed for ${signingName} in ${signingRegion}: ${authorization}`);
    const input: unknown = JSON.parse(String(init.body));
    const inputErrors = shapeErrors('GetSubscriptionInput', input);
    if (inputErrors.length > 0) throw new Error(`not a GetSubscriptionInput: ${inputErrors.join('; ')}`);
    const { arn } = input as { arn: string };
    const subscription = subscriptionOf(arn);
    if (subscription === undefined) return modelError('ResourceNotFoundException', { message: `Subscription ${arn} not found`, resourceId: arn });
    const errors = shapeErrors('Subscription', subscription);
    if (errors.length > 0) throw new Error(`the test's subscription is not the model's: ${errors.join('; ')}`);
    return new Response(JSON.stringify(subscription), { status: 200, headers: { 'content-type': 'application/json', etag: '1' } });
  }) as typeof fetch;
}

/** An error of the model as restJson1 sends it: its `httpError` status, its name in `X-Amzn-ErrorType`, its members in the body. */
export function modelError(name: string, members: Record<string, unknown>): Response {
  const errors = shapeErrors(name, members);
  if (errors.length > 0) throw new Error(`not a ${name} of the model: ${errors.join('; ')}`);
  return new Response(JSON.stringify(members), {
    status: shape(name).traits!['smithy.api#httpError'] as number,
    headers: { 'content-type': 'application/json', 'x-amzn-errortype': name },
  });
}
