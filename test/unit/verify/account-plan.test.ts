import { describe, expect, it } from '@jest/globals';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { ACCOUNT_PLAN_CHECK, accountPlanCheck, FREE_TIER_ENDPOINT, freeTier, type AccountPlan } from '../../../bin/verify/account-plan.js';
import { AwsJsonError } from '../../../bin/verify/signed-json-call.js';
import { freeTierEndpoint, MODEL, MODEL_ENDPOINT, modelAccountPlan, PAID_ACCOUNT_PLAN, shapeErrors } from '../../support/free-tier.js';
import { EXAMPLE_SECRET_ACCESS_KEY, independentSignature } from '../../support/sigv4-signature.js';

/*
 * FreeTier's GetAccountPlanState, signed with the SDK's signer: the host, the request and the
 * answers of AWS's model as botocore (the AWS CLI's) has it (test/support/free-tier-model.json),
 * and the account plan check's line for each answer.
 */

const sha256 = new CloudFormationClient({ region: 'us-east-1' }).config.sha256;
const credentials = async () => ({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: EXAMPLE_SECRET_ACCESS_KEY });
const reader = (fetchImplementation: typeof fetch) => freeTier({ credentials, sha256, fetch: fetchImplementation, timeoutMs: 1000, configuredEndpoint: async () => undefined });
const FREE: AccountPlan = {
  accountPlanType: 'FREE',
  accountPlanStatus: 'ACTIVE',
  accountPlanExpirationDate: '2027-05-20T10:00:00Z',
  accountPlanRemainingCredits: { amount: 187.4567, unit: 'USD' },
};

describe('the model the check is held to', () => {
  it('names its source, and holds GetAccountPlanState as awsJson1_0 with the shapes it reads', () => {
    expect(MODEL.source).toMatch(/^botocore [\d.]+, botocore\/data\/freetier\/2023-09-07\/service-2\.json and endpoint-rule-set-1\.json/);
    expect(MODEL.metadata).toMatchObject({ protocol: 'json', jsonVersion: '1.0', targetPrefix: 'AWSFreeTierService', signingName: 'freetier' });
    expect(MODEL.operations.GetAccountPlanState?.http).toEqual({ method: 'POST', requestUri: '/' });
    expect(MODEL.shapes.AccountPlanType?.enum).toEqual(['FREE', 'PAID']);
  });

  it('checks a value against a shape: a missing member, an unknown one, an enum value, a pattern, a time', () => {
    expect(shapeErrors('GetAccountPlanStateResponse', { accountId: '123456789012', ...FREE })).toEqual([]);
    expect(shapeErrors('GetAccountPlanStateResponse', { accountId: '1234', accountPlanType: 'TRIAL', accountPlanStatus: 'ACTIVE', accountPlanExpirationDate: 'soon', plan: 1 })).toEqual([
      '$.plan is not a member of GetAccountPlanStateResponse',
      '$.accountId does not match [0-9]{12}',
      '$.accountPlanType is "TRIAL", not one of FREE, PAID',
      '$.accountPlanExpirationDate is not an ISO 8601 time',
    ]);
    expect(shapeErrors('GetAccountPlanStateResponse', { accountId: '123456789012' })).toEqual(['$.accountPlanType is required', '$.accountPlanStatus is required']);
  });

  it('is what bin/verify/account-plan.ts calls: the one endpoint of the aws partition, signed for freetier in us-east-1', () => {
    expect(MODEL_ENDPOINT).toEqual({ url: 'https://freetier.us-east-1.api.aws', signingName: 'freetier', signingRegion: 'us-east-1', serviceId: 'FreeTier' });
    expect(FREE_TIER_ENDPOINT).toEqual(MODEL_ENDPOINT);
  });
});

describe('freeTier', () => {
  it('signs POST / with the operation in X-Amz-Target and an empty object, and reads the plan', async () => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const endpoint = freeTierEndpoint(() => FREE);
    const recording = (async (url: string | URL | Request, init?: RequestInit) => {
      requests.push({ url: String(url), init: init ?? {} });
      return endpoint(url, init);
    }) as typeof fetch;

    expect(await reader(recording)()).toEqual({ accountId: '123456789012', ...FREE });
    const [request] = requests;
    expect(request?.init).toMatchObject({ method: 'POST', body: '{}', redirect: 'error' });
    const headers = request?.init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/freetier\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/);
    expect(headers).not.toHaveProperty('host');
    expect(headers.authorization).toContain(`Signature=${independentSignature('POST', new URL(request!.url), headers, '{}', 'freetier')}`);
  });

  it('throws the model’s errors by their names, from the body’s __type, and an answer that is no plan', async () => {
    await expect(reader(freeTierEndpoint(() => ({ error: 'AccessDeniedException', message: 'User is not authorized to perform: freetier:GetAccountPlanState' })))()).rejects.toMatchObject(
      new AwsJsonError('AccessDeniedException', 'User is not authorized to perform: freetier:GetAccountPlanState'),
    );
    await expect(reader(freeTierEndpoint(() => ({ error: 'ResourceNotFoundException', message: 'No account plan' })))()).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    const portal = (async () => new Response('<html>sign in</html>', { status: 200 })) as typeof fetch;
    await expect(reader(portal)()).rejects.toMatchObject({ name: 'HTTP200' });
  });
});

describe('accountPlanCheck', () => {
  const check = (plan: AccountPlan) => accountPlanCheck(async () => modelAccountPlan(plan));

  it('passes a paid account', async () => {
    expect(await check(PAID_ACCOUNT_PLAN)).toEqual({ status: 'ok', name: ACCOUNT_PLAN_CHECK, detail: 'PAID' });
  });

  it('fails an account on the free plan, with the day it ends, its credits, and how to upgrade', async () => {
    expect(await check(FREE)).toEqual({
      status: 'FAIL',
      name: 'account plan',
      detail: 'FREE, ACTIVE, ending 2027-05-20: AWS closes the account when its free plan ends or once its 187.46 USD of credits run out, and the site and its inbox with it',
      fix: 'upgrade it to the paid plan: the Billing console, or aws freetier upgrade-account-plan --account-plan-type PAID (README "An AWS account")',
    });
    expect(await check({ accountPlanType: 'FREE', accountPlanStatus: 'NOT_STARTED' })).toMatchObject({
      status: 'FAIL',
      detail: 'FREE, NOT_STARTED: AWS closes the account when its free plan ends, and the site and its inbox with it',
    });
  });

  it('says an expired plan ended, and reads no member of another type than the model’s', async () => {
    expect(await check({ ...FREE, accountPlanStatus: 'EXPIRED', accountPlanExpirationDate: '2026-11-01T00:00:00Z' })).toMatchObject({ detail: expect.stringMatching(/^FREE, EXPIRED, ended 2026-11-01: /) });
    const textAmount = (async () => Response.json({ ...FREE, accountId: '123456789012', accountPlanRemainingCredits: { amount: '12', unit: 'USD' } })) as typeof fetch;
    await expect(reader(textAmount)()).rejects.toMatchObject({ name: 'HTTP200' });
  });

  it('skips an account AWS reports no plan for, or whose plan this identity may not read; warns of any other failure to read it', async () => {
    expect(await accountPlanCheck(reader(freeTierEndpoint(() => ({ error: 'ResourceNotFoundException', message: 'No account plan' }))))).toEqual({
      status: 'skip',
      name: 'account plan',
      detail: 'AWS reports no account plan for this account',
    });
    expect(await accountPlanCheck(reader(freeTierEndpoint(() => ({ error: 'AccessDeniedException', message: 'denied' }))))).toMatchObject({ status: 'skip', detail: expect.stringContaining('freetier:GetAccountPlanState') });
    expect(await accountPlanCheck(reader(freeTierEndpoint(() => ({ error: 'ThrottlingException', message: 'Rate exceeded' }))))).toEqual({
      status: 'warn',
      name: 'account plan',
      detail: expect.stringMatching(/^could not check \((?!.*Exception)/),
      fix: 'AWS throttled the check: run npm run verify again in a minute',
    });
  });
});
