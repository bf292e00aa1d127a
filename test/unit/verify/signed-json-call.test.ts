import { afterEach, describe, expect, it } from '@jest/globals';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FREE_TIER_ENDPOINT } from '../../../bin/verify/account-plan.js';
import { PRICING_PLAN_MANAGER_ENDPOINT } from '../../../bin/verify/pricing-plan.js';
import { AwsJsonError, sdkConfiguredEndpoint, signedJsonCall } from '../../../bin/verify/signed-json-call.js';
import { EXAMPLE_SECRET_ACCESS_KEY, independentSignature } from '../../support/sigv4-signature.js';

/*
 * The hand-signed JSON call under FreeTier's and PricingPlanManager's checks: where the SDK's
 * configuration sends it, what it signs, and which answers it tries again.
 */

const sha256 = new CloudFormationClient({ region: 'us-east-1' }).config.sha256;
const credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: EXAMPLE_SECRET_ACCESS_KEY });
const access = (fetchImplementation: typeof fetch, configured?: string) => ({ credentials, sha256, fetch: fetchImplementation, timeoutMs: 1000, configuredEndpoint: async () => configured });

describe('sdkConfiguredEndpoint', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  /** The process's environment with none of the owner's AWS settings, and a config file of its own. */
  function configure(variables: Record<string, string>, configFile = ''): void {
    for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
    const file = join(mkdtempSync(join(tmpdir(), 'aws-config-')), 'config');
    writeFileSync(file, configFile);
    Object.assign(process.env, { AWS_CONFIG_FILE: file, AWS_SHARED_CREDENTIALS_FILE: file, ...variables });
  }

  it('reads the variables the SDK’s clients read: the service’s own (its id in capitals, _ for spaces) before AWS_ENDPOINT_URL', async () => {
    configure({ AWS_ENDPOINT_URL: 'http://127.0.0.1:5000', AWS_ENDPOINT_URL_FREETIER: 'http://127.0.0.1:5001', AWS_ENDPOINT_URL_PRICING_PLAN_MANAGER: 'http://127.0.0.1:5002' });
    expect(await sdkConfiguredEndpoint(FREE_TIER_ENDPOINT.serviceId)).toBe('http://127.0.0.1:5001');
    expect(await sdkConfiguredEndpoint(PRICING_PLAN_MANAGER_ENDPOINT.serviceId)).toBe('http://127.0.0.1:5002');
    configure({ AWS_ENDPOINT_URL: 'http://127.0.0.1:5000', AWS_ENDPOINT_URL_PRICINGPLANMANAGER: 'http://127.0.0.1:5003' });
    expect(await sdkConfiguredEndpoint(PRICING_PLAN_MANAGER_ENDPOINT.serviceId)).toBe('http://127.0.0.1:5000');
  });

  it('reads the profile’s endpoint_url, and nothing when the owner says to ignore configured endpoints', async () => {
    configure({}, '[default]\nendpoint_url = http://127.0.0.1:4566\n');
    expect(await sdkConfiguredEndpoint('FreeTier')).toBe('http://127.0.0.1:4566');
    configure({ AWS_ENDPOINT_URL: 'http://127.0.0.1:5000', AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'true' });
    expect(await sdkConfiguredEndpoint('FreeTier')).toBeUndefined();
    configure({});
    expect(await sdkConfiguredEndpoint('FreeTier')).toBeUndefined();
  });
});

describe('signedJsonCall', () => {
  function recording(answers: Array<() => Response>) {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const fetchImplementation = (async (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(url), init: init ?? {} });
      return answers[Math.min(requests.length, answers.length) - 1]!();
    }) as typeof fetch;
    return { requests, fetch: fetchImplementation };
  }
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  it('posts to a configured endpoint with its port and path kept, and signs the host as sent, port and all', async () => {
    const { requests, fetch: fake } = recording([json(200, { ok: true })]);
    const call = signedJsonCall(access(fake, 'http://127.0.0.1:5001/prefix/'), FREE_TIER_ENDPOINT);

    expect(await call('/', { 'content-type': 'application/x-amz-json-1.0' }, '{}')).toEqual({ ok: true });
    const [request] = requests;
    expect(request?.url).toBe('http://127.0.0.1:5001/prefix/');
    const headers = request?.init.headers as Record<string, string>;
    expect(headers.authorization).toContain(`Signature=${independentSignature('POST', new URL(request!.url), headers, '{}', 'freetier')}`);
  });

  it('looks the configured endpoint up once, however many calls and tries', async () => {
    const { requests, fetch: fake } = recording([json(503, {}), json(200, { ok: true })]);
    let lookups = 0;
    const configuredEndpoint = async () => {
      lookups += 1;
      return 'http://127.0.0.1:5001';
    };
    const call = signedJsonCall({ ...access(fake), configuredEndpoint }, FREE_TIER_ENDPOINT);

    expect(await call('/', {}, '{}')).toEqual({ ok: true });
    expect(await call('/', {}, '{}')).toEqual({ ok: true });
    expect(requests.map((request) => request.url)).toEqual(['http://127.0.0.1:5001/', 'http://127.0.0.1:5001/', 'http://127.0.0.1:5001/']);
    expect(lookups).toBe(1);
  });

  it('tries a throttle, a fault or no answer once more, and a refusal never', async () => {
    const throttled = json(400, { __type: 'com.amazonaws.freetier#ThrottlingException', message: 'Rate exceeded' });
    const again = recording([throttled, json(200, { ok: true })]);
    expect(await signedJsonCall(access(again.fetch), FREE_TIER_ENDPOINT)('/', {}, '{}')).toEqual({ ok: true });
    expect(again.requests).toHaveLength(2);

    const twice = recording([json(503, {}), json(503, {})]);
    await expect(signedJsonCall(access(twice.fetch), FREE_TIER_ENDPOINT)('/', {}, '{}')).rejects.toMatchObject({ name: 'HTTP503' });
    expect(twice.requests).toHaveLength(2);

    let calls = 0;
    const unreachable = (async () => {
      calls += 1;
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(signedJsonCall(access(unreachable), FREE_TIER_ENDPOINT)('/', {}, '{}')).rejects.toThrow('fetch failed');
    expect(calls).toBe(2);

    const refused = recording([json(403, { message: 'denied' }, { 'x-amzn-errortype': 'AccessDeniedException:http://internal.amazon.com/coral/,AccessDeniedException' })]);
    await expect(signedJsonCall(access(refused.fetch), PRICING_PLAN_MANAGER_ENDPOINT)('/v1/GetSubscription', {}, '{}')).rejects.toMatchObject(new AwsJsonError('AccessDeniedException', 'denied'));
    expect(refused.requests).toHaveLength(1);
  });
});
