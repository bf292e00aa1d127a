import { describe, expect, it } from '@jest/globals';
import { createHash, createHmac } from 'node:crypto';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { pricingPlanManager, PricingPlanManagerError } from '../../../bin/verify/pricing-plan.js';

/*
 * PricingPlanManager's GetSubscription, signed with the SDK's signer (docs/verify.md): the request
 * AWS's API reference describes, and its answers read, against a fetch of the test's own.
 */

const ARN = 'arn:aws:pricingplanmanager::123456789012:subscription/sub-0123';
const sha256 = new CloudFormationClient({ region: 'us-east-1' }).config.sha256;
const credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' });

function recordingFetch(answer: () => Response) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fake = (async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    return answer();
  }) as typeof fetch;
  return { requests, fetch: fake };
}

describe('pricingPlanManager', () => {
  it('signs POST /v1/GetSubscription for pricingplanmanager in us-east-1, and reads the subscription', async () => {
    const subscription = { arn: ARN, planFamily: 'CloudFront', planTier: 'FREE', status: 'ACTIVE', resourceArns: [] };
    const fake = recordingFetch(() => Response.json({ subscription, eTag: 'e' }));

    const read = pricingPlanManager({ credentials, sha256, fetch: fake.fetch, timeoutMs: 1000 });

    expect(await read(ARN)).toEqual(subscription);
    const [request] = fake.requests;
    expect(request?.url).toBe('https://pricingplanmanager.us-east-1.amazonaws.com/v1/GetSubscription');
    expect(request?.init).toMatchObject({ method: 'POST', body: JSON.stringify({ arn: ARN }), redirect: 'error' });
    const headers = request?.init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/pricingplanmanager\/aws4_request, SignedHeaders=[a-z0-9;-]*\bhost\b[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(headers.authorization).toMatch(/SignedHeaders=content-type;host;/);
    expect(headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(headers).not.toHaveProperty('host');
    expect(headers.authorization).toContain(`Signature=${independentSignature('POST', new URL(request!.url), headers, String(request?.init.body))}`);
  });

  it('throws AWS\'s error by its name', async () => {
    const fake = recordingFetch(
      () =>
        new Response(JSON.stringify({ message: 'User is not authorized to perform: pricingplanmanager:GetSubscription' }), {
          status: 403,
          headers: { 'x-amzn-errortype': 'AccessDeniedException:http://internal.amazon.com/coral/com.amazon.coral.service/' },
        }),
    );

    await expect(pricingPlanManager({ credentials, sha256, fetch: fake.fetch, timeoutMs: 1000 })(ARN)).rejects.toMatchObject(
      new PricingPlanManagerError('AccessDeniedException', 'User is not authorized to perform: pricingplanmanager:GetSubscription'),
    );
  });

  it('throws on an answer that is not AWS\'s, whatever its status', async () => {
    const fake = recordingFetch(() => new Response('<html>captive portal</html>', { status: 200 }));

    await expect(pricingPlanManager({ credentials, sha256, fetch: fake.fetch, timeoutMs: 1000 })(ARN)).rejects.toMatchObject({ name: 'HTTP200' });
  });
});

/**
 * The SigV4 signature of a request, computed here from AWS's description ("Create a signed AWS API
 * request": canonical request, string to sign, signing key), to check the signer was given what is sent.
 */
function independentSignature(method: string, url: URL, headers: Readonly<Record<string, string>>, body: string): string {
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')![1]!.split(';');
  const all: Record<string, string> = { ...headers, host: url.host };
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const canonical = [method, url.pathname, '', ...signedHeaders.map((name) => `${name}:${all[name]!.trim()}`), '', signedHeaders.join(';'), hash(body)].join('\n');
  const date = headers['x-amz-date']!;
  const scope = `${date.slice(0, 8)}/us-east-1/pricingplanmanager/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, hash(canonical)].join('\n');
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const key = ['us-east-1', 'pricingplanmanager', 'aws4_request'].reduce((previous, part) => hmac(previous, part), hmac('AWS4wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', date.slice(0, 8)));
  return createHmac('sha256', key).update(toSign).digest('hex');
}
