import { describe, expect, it } from '@jest/globals';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { DeployedStack } from '../../../bin/verify/deployed-stack.js';
import { PRICING_PLAN_MANAGER_ENDPOINT, pricingPlanChecks, pricingPlanManager, type ReadSubscription } from '../../../bin/verify/pricing-plan.js';
import { AwsJsonError } from '../../../bin/verify/signed-json-call.js';
import type { CheckResult } from '../../../bin/verify/check.js';
import { independentSignature } from '../../support/sigv4-signature.js';
import { MODEL, modelEndpoint, modelError, modelHttp, modelOutputBinding, modelSubscription, pricingPlanManagerEndpoint, shapeErrors } from '../../support/pricing-plan-manager.js';

/*
 * PricingPlanManager's GetSubscription, signed with the SDK's signer (docs/verify.md): the host,
 * the request and the answers of AWS's Smithy model (test/support/pricing-plan-manager-model.json,
 * a trimmed copy of the file its metadata names), and the plan check's lines for each answer.
 */

const ARN = 'arn:aws:pricingplanmanager::123456789012:subscription/sub-0123';
const DISTRIBUTION_ID = 'E2EXAMPLE0123';
const DISTRIBUTION_ARN = `arn:aws:cloudfront::123456789012:distribution/${DISTRIBUTION_ID}`;
const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/WebAcl-0b1c/2d3e4f50';
const sha256 = new CloudFormationClient({ region: 'us-east-1' }).config.sha256;
const credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' });

function recordingFetch(answer: typeof fetch) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const recording = (async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    return answer(url, init);
  }) as typeof fetch;
  return { requests, fetch: recording };
}

const reader = (fetchImplementation: typeof fetch) => pricingPlanManager({ credentials, sha256, fetch: fetchImplementation, timeoutMs: 1000, configuredEndpoint: async () => undefined });
const ourSubscription = (changes: Parameters<typeof modelSubscription>[0] = {}) =>
  modelSubscription({ arn: ARN, planFamily: 'CloudFront', planTier: 'FREE', resourceArns: [DISTRIBUTION_ARN, WEB_ACL_ARN], ...changes });

describe('the model the check is held to', () => {
  it('names its source, and holds GetSubscription with the shapes it reads', () => {
    expect(MODEL.metadata.source).toMatch(/^https:\/\/github\.com\/aws\/aws-sdk-js-v3\/blob\/[0-9a-f]{40}\/codegen\/sdk-codegen\/aws-models\/pricing-plan-manager\.json$/);
    expect(modelHttp('GetSubscription')).toEqual({ method: 'POST', uri: '/v1/GetSubscription' });
    // The Subscription is the whole body; the answer's other member is a header.
    expect(modelOutputBinding('GetSubscription')).toEqual({ payload: 'subscription', headers: { eTag: 'ETag' } });
  });

  it('checks a value against a shape: a missing member, an unknown one, an enum value, a timestamp, a list', () => {
    expect(shapeErrors('Subscription', ourSubscription())).toEqual([]);
    expect(shapeErrors('Subscription', { subscription: ourSubscription() })).toEqual(expect.arrayContaining(['$.subscription is not a member of Subscription', '$.arn is required']));
    expect(shapeErrors('Subscription', { ...ourSubscription(), status: 'CANCELLED' })).toEqual(['$.status is "CANCELLED", not one of PENDING_APPROVAL, ACTIVE, SYNC_IN_PROGRESS, FAILED']);
    expect(shapeErrors('Subscription', { ...ourSubscription(), createdAt: 'yesterday' })).toEqual(['$.createdAt is not a date-time']);
    expect(shapeErrors('Subscription', { ...ourSubscription(), resourceArns: [] })).toEqual(['$.resourceArns has length 0, outside {"min":1,"max":10}']);
  });

  it('is what bin/verify/pricing-plan.ts calls: the endpoint its rule set resolves for any region, signed for pricingplanmanager in us-east-1', () => {
    expect(modelEndpoint()).toEqual({ url: 'https://pricingplanmanager.us-east-1.api.aws', signingName: 'pricingplanmanager', signingRegion: 'us-east-1', serviceId: 'Pricing Plan Manager' });
    expect(PRICING_PLAN_MANAGER_ENDPOINT).toEqual(modelEndpoint());
  });
});

describe('pricingPlanManager', () => {
  it('signs POST /v1/GetSubscription with the arn in a JSON body, at the model’s endpoint, and reads the Subscription the body is', async () => {
    const subscription = ourSubscription();
    const fake = recordingFetch(pricingPlanManagerEndpoint((arn) => (arn === ARN ? subscription : undefined)));

    expect(await reader(fake.fetch)(ARN)).toEqual(subscription);
    const [request] = fake.requests;
    expect(request?.url).toBe(`${modelEndpoint().url}${modelHttp('GetSubscription').uri}`);
    expect(request?.init).toMatchObject({ method: 'POST', body: JSON.stringify({ arn: ARN }), redirect: 'error' });
    const headers = request?.init.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/pricingplanmanager\/aws4_request, SignedHeaders=[a-z0-9;-]*\bhost\b[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(headers.authorization).toMatch(/SignedHeaders=content-type;host;/);
    expect(headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(headers).not.toHaveProperty('host');
    expect(headers.authorization).toContain(`Signature=${independentSignature('POST', new URL(request!.url), headers, String(request?.init.body), 'pricingplanmanager')}`);
  });

  it('reads the model’s own example answer', async () => {
    const example = modelSubscription();
    expect(await reader(pricingPlanManagerEndpoint(() => example))(example.arn)).toMatchObject({ status: 'ACTIVE', planTier: 'PRO', resourceArns: example.resourceArns });
  });

  it('throws on a body that wraps the subscription, which the model never sends', async () => {
    const wrapped = (async () => Response.json({ subscription: ourSubscription(), eTag: '1' })) as typeof fetch;

    await expect(reader(wrapped)(ARN)).rejects.toMatchObject({ name: 'HTTP200' });
  });

  it('throws AWS’s error by its name, from the header or from the body’s code, without its namespace or suffix', async () => {
    await expect(reader(pricingPlanManagerEndpoint(() => undefined))(ARN)).rejects.toMatchObject(new AwsJsonError('ResourceNotFoundException', `Subscription ${ARN} not found`));
    const denied = modelError('AccessDeniedException', { message: 'User is not authorized to perform: pricingplanmanager:GetSubscription' });
    const withSuffix = new Response(denied.body, { status: 403, headers: { 'x-amzn-errortype': 'AccessDeniedException:http://internal.amazon.com/coral/com.amazon.coral.service/' } });
    await expect(reader((async () => withSuffix) as typeof fetch)(ARN)).rejects.toMatchObject(new AwsJsonError('AccessDeniedException', 'User is not authorized to perform: pricingplanmanager:GetSubscription'));
    // A throttle is tried twice, each answer a new one.
    const inBody = () => Response.json({ code: 'com.amazonaws.pricingplanmanager#ThrottlingException', message: 'Rate exceeded' }, { status: 429 });
    await expect(reader((async () => inBody()) as typeof fetch)(ARN)).rejects.toMatchObject(new AwsJsonError('ThrottlingException', 'Rate exceeded'));
  });

  it('throws on an answer that is not AWS’s, whatever its status', async () => {
    const portal = (async () => new Response('<html>captive portal</html>', { status: 200 })) as typeof fetch;

    await expect(reader(portal)(ARN)).rejects.toMatchObject({ name: 'HTTP200' });
  });
});

describe('pricingPlanChecks', () => {
  const planStack = (arns: string[]): DeployedStack => ({
    name: 'PersonalSitePlan',
    region: 'us-east-1',
    status: 'CREATE_COMPLETE',
    outputs: new Map(),
    resources: new Map(arns.length === 0 ? [] : [['AWS::PricingPlanManager::Subscription', arns]]),
  });
  /** The lines for the plan stack's subscriptions (arns), with the site stack's DistributionId output (site). */
  const linesOf = async (read: ReadSubscription, arns = [ARN], site: { distributionId?: string } = { distributionId: DISTRIBUTION_ID }) => {
    const lines: CheckResult[] = [];
    for await (const line of pricingPlanChecks(read, planStack(arns), site.distributionId)) lines.push(line);
    return lines;
  };
  const answering = (changes: Parameters<typeof ourSubscription>[0]) => reader(pricingPlanManagerEndpoint((arn) => (arn === ARN ? ourSubscription(changes) : undefined)));
  const name = 'Free plan subscription (PersonalSitePlan)';

  it('passes an active Free plan on the site’s distribution', async () => {
    expect(await linesOf(answering({}))).toEqual([{ status: 'ok', name, detail: 'ACTIVE, tier FREE' }]);
  });

  it('fails when AWS has no such subscription any more, and when the stack holds none', async () => {
    expect(await linesOf(reader(pricingPlanManagerEndpoint(() => undefined)))).toEqual([
      expect.objectContaining({ status: 'FAIL', name, detail: `AWS has no subscription ${ARN}: it was cancelled, or ended; the site runs on pay-as-you-go` }),
    ]);
    expect(await linesOf(answering({}), [])).toEqual([expect.objectContaining({ status: 'FAIL', detail: 'the stack holds no subscription: the site runs on pay-as-you-go' })]);
  });

  it('fails a subscription pending approval, or failed with AWS’s reason; warns of one being applied', async () => {
    expect(await linesOf(answering({ status: 'PENDING_APPROVAL' }))).toEqual([expect.objectContaining({ status: 'FAIL', detail: 'PENDING_APPROVAL, tier FREE: not in force' })]);
    expect(await linesOf(answering({ status: 'FAILED', statusReason: 'The account is on the free account plan' }))).toEqual([
      expect.objectContaining({ status: 'FAIL', detail: 'FAILED: The account is on the free account plan; the site runs on pay-as-you-go meanwhile' }),
    ]);
    expect(await linesOf(answering({ status: 'SYNC_IN_PROGRESS' }))).toEqual([expect.objectContaining({ status: 'warn', detail: 'SYNC_IN_PROGRESS, tier FREE: AWS is applying it' })]);
  });

  it('fails a subscription of another distribution, naming what it covers', async () => {
    const other = 'arn:aws:cloudfront::123456789012:distribution/E9OTHER';
    expect(await linesOf(answering({ resourceArns: [other, WEB_ACL_ARN] }))).toEqual([
      expect.objectContaining({ status: 'FAIL', detail: `ACTIVE, tier FREE, but for ${other}, ${WEB_ACL_ARN}, not the distribution ${DISTRIBUTION_ID}: the site runs on pay-as-you-go` }),
    ]);
    expect(await linesOf(answering({}), [ARN], {})).toEqual([expect.objectContaining({ status: 'FAIL', detail: 'the site stack has no DistributionId output to compare with the subscription' })]);
  });

  it('warns of a scheduled cancellation, with its date once billing has set one', async () => {
    expect(await linesOf(answering({ scheduledChange: { changeType: 'CANCELLATION', effectiveDate: '2026-12-01T00:00:00Z' } }))).toEqual([
      expect.objectContaining({ status: 'warn', detail: 'ACTIVE, tier FREE, cancellation scheduled for 2026-12-01' }),
    ]);
    expect(await linesOf(answering({ scheduledChange: { changeType: 'CANCELLATION' } }))).toEqual([
      expect.objectContaining({ status: 'warn', detail: 'ACTIVE, tier FREE, cancellation scheduled for the end of the billing month' }),
    ]);
  });

  it('leaves any other error to its group’s FAIL line', async () => {
    const denied = (async () => modelError('AccessDeniedException', { message: 'not authorized' })) as typeof fetch;
    await expect(linesOf(reader(denied))).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});
