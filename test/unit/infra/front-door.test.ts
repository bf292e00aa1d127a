import { describe, expect, it } from '@jest/globals';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { HANDLER_NAMES, ROUTES, WORKER_HANDLER } from '../../../lambdas/routes.js';
import { EDGE_RATE_LIMITS } from '../../../lib/edge-guard-stack.js';
import { MAX_CACHE_BEHAVIORS } from '../../../lib/front-door.js';
import { EXAMPLE_CERTIFICATE_ARN, EXAMPLE_CONTEXT, EXAMPLE_ENV, EXAMPLE_HOSTED_ZONE_ID, MINIMAL_CONTEXT, resourcesOfType, siteFolder, synthesizeSite, type SiteApp, type TemplateResource } from './site-app.js';

interface CacheBehavior {
  readonly PathPattern?: string;
  readonly TargetOriginId: string;
  readonly AllowedMethods: string[];
  readonly CachePolicyId: string;
  readonly OriginRequestPolicyId?: string;
  readonly ResponseHeadersPolicyId?: string;
  readonly ViewerProtocolPolicy: string;
}
interface DistributionConfig {
  readonly CacheBehaviors: CacheBehavior[];
  readonly DefaultCacheBehavior: CacheBehavior;
  readonly Origins: Array<{ Id: string; DomainName: unknown; OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }>; S3OriginConfig?: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: Record<string, unknown> }>;
  readonly Aliases?: string[];
  readonly ViewerCertificate?: Record<string, unknown>;
  readonly WebACLId?: unknown;
  readonly HttpVersion: string;
  readonly DefaultRootObject?: string;
}

function distributionOf(site: SiteApp): DistributionConfig {
  const [distribution] = Object.values(resourcesOfType(site.template, 'AWS::CloudFront::Distribution'));
  return distribution!.Properties.DistributionConfig as DistributionConfig;
}

const policyId = (site: SiteApp, id: string) => site.stack.resolve(id) as string;


const example = synthesizeSite();
const minimal = synthesizeSite(MINIMAL_CONTEXT);

describe('the front door: every route of the table to the API (docs/api.md §10)', () => {
  const config = distributionOf(example);
  const apiOrigin = config.Origins.find((origin) => origin.OriginCustomHeaders !== undefined)!;
  const paths = [...new Set(ROUTES.map((route) => route.path))];

  it('has one behaviour per path of the route table, well under CloudFront’s quota', () => {
    expect(config.CacheBehaviors.map((behavior) => behavior.PathPattern).sort()).toEqual([...paths].sort());
    expect(config.CacheBehaviors.length + 1).toBeLessThan(MAX_CACHE_BEHAVIORS);
  });

  it.each(paths.map((path) => [path]))('sends %s to the API with every viewer header but Host', (path) => {
    const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === path)!;
    expect(behavior.TargetOriginId).toBe(apiOrigin.Id);
    expect(behavior.OriginRequestPolicyId).toBe(policyId(example, OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId));
    expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');

    const methods = new Set(ROUTES.filter((route) => route.path === path).map((route) => route.method as string));
    const readOnly = [...methods].every((method) => method === 'GET' || method === 'HEAD');
    // Every method, so that a wrong one gets the API's 405, not CloudFront's 403.
    expect(behavior.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    // POST and OPTIONS never cached; a GET-only path as long as its own Cache-Control says.
    expect(behavior.CachePolicyId).toBe(
      policyId(example, (readOnly ? CachePolicy.USE_ORIGIN_CACHE_CONTROL_HEADERS_QUERY_STRINGS : CachePolicy.CACHING_DISABLED).cachePolicyId),
    );
  });

  it('reaches the API’s own endpoint over HTTPS with the secret header', () => {
    expect(apiOrigin.DomainName).toEqual({
      'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [example.logicalId(example.stack.api), 'ApiEndpoint'] }] }],
    });
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(apiOrigin.OriginCustomHeaders?.map((header) => header.HeaderName)).toEqual(['x-origin-verify']);
  });

  it('serves HTTP/2 and HTTP/3, redirecting HTTP to HTTPS', () => {
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });
});

describe('the deployment secrets (docs/api.md §4, §10)', () => {
  const secrets = resourcesOfType(example.template, 'AWS::SecretsManager::Secret');
  const secretId = (name: string) => Object.keys(secrets).find((id) => id.startsWith(name))!;
  const referenceTo = (id: string) => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: id }, ':SecretString:::}}']] });
  const origin = referenceTo(secretId('OriginVerify'));
  const counterKey = referenceTo(secretId('CounterKey'));
  const functions = Object.values(resourcesOfType(example.template, 'AWS::Lambda::Function'));
  const variables = (fn: TemplateResource) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;

  it('are two, each generated by Secrets Manager at deploy, never given a value in the template', () => {
    expect(Object.keys(secrets).sort()).toEqual([secretId('CounterKey'), secretId('OriginVerify')]);
    for (const secret of Object.values(secrets)) {
      expect(secret.Properties.GenerateSecretString).toBeDefined();
      expect(secret.Properties.SecretString).toBeUndefined();
    }
  });

  it('the origin secret reaches the front door’s header and every function behind the API only as a dynamic reference', () => {
    const apiOrigin = distributionOf(example).Origins.find((origin) => origin.OriginCustomHeaders !== undefined)!;
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: origin }]);
    const worker = example.template.toJSON().Resources[example.logicalId(example.stack.functions.get(WORKER_HANDLER)!)];
    const behindApi = functions.filter((fn) => fn !== worker);
    expect(behindApi).toHaveLength(HANDLER_NAMES.length);
    for (const fn of behindApi) expect(variables(fn).ORIGIN_VERIFY_SECRET).toEqual(origin);
  });

  it('the counter key reaches the contact function alone, only as a dynamic reference', () => {
    const holders = functions.filter((fn) => variables(fn).COUNTER_KEY_SECRET !== undefined);
    expect(holders).toHaveLength(1);
    expect(variables(holders[0]!).COUNTER_KEY_SECRET).toEqual(counterKey);
  });

  it('appear nowhere else in the template', () => {
    const text = JSON.stringify(example.template.toJSON());
    const uses = (reference: object) => text.split(JSON.stringify(reference)).length - 1;
    expect(uses(origin)).toBe(1 + HANDLER_NAMES.length);
    expect(uses(counterKey)).toBe(1);
    expect(text).not.toMatch(/x-origin-verify"\s*,\s*"HeaderValue"\s*:\s*"/);
  });
});

describe('the site’s pages', () => {
  it('with neither siteDir nor siteOrigin, leaves every other path to the API’s fallback', () => {
    const config = distributionOf(minimal);
    const apiOrigin = config.Origins.find((origin) => origin.OriginCustomHeaders !== undefined)!;
    expect(config.Origins).toHaveLength(1);
    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: apiOrigin.Id,
      CachePolicyId: policyId(minimal, CachePolicy.CACHING_DISABLED.cachePolicyId),
      OriginRequestPolicyId: policyId(minimal, OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId),
    });
    minimal.template.resourceCountIs('AWS::S3::Bucket', 0);
  });

  it('with siteDir, uploads the folder to a private, encrypted, SSL-only bucket read through Origin Access Control', () => {
    const site = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder() });
    const config = distributionOf(site);
    const s3Origin = config.Origins.find((origin) => origin.S3OriginConfig !== undefined)!;

    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: s3Origin.Id,
      ResponseHeadersPolicyId: policyId(site, ResponseHeadersPolicy.SECURITY_HEADERS.responseHeadersPolicyId),
    });
    // CloudFront's default when absent.
    expect(config.DefaultCacheBehavior.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    expect(config.DefaultRootObject).toBe('index.html');
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    site.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    site.template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    site.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
        ]),
      },
    });
    // The edge cache is invalidated at each deploy.
    site.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionId: { Ref: site.logicalId(site.stack.frontDoor.distribution) },
      DistributionPaths: ['/*'],
    });
    // Still every route of the table to the API: the service's paths win over the site's files.
    expect(config.CacheBehaviors).toHaveLength(new Set(ROUTES.map((route) => route.path)).size);
  });

  it('with siteOrigin, reads the existing site over HTTPS, with security headers', () => {
    const site = synthesizeSite({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' });
    const config = distributionOf(site);
    const pages = config.Origins.find((origin) => origin.DomainName === 'you.github.io')!;

    expect(pages.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(pages.OriginCustomHeaders).toBeUndefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: pages.Id,
      ResponseHeadersPolicyId: policyId(site, ResponseHeadersPolicy.SECURITY_HEADERS.responseHeadersPolicyId),
    });
    site.template.resourceCountIs('AWS::S3::Bucket', 0);
  });
});

describe('the domain', () => {
  it('with domainName and a zone, serves the domain with its us-east-1 certificate and makes its A and AAAA aliases', () => {
    const config = distributionOf(example);
    expect(config.Aliases).toEqual(['example.com']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: EXAMPLE_CERTIFICATE_ARN,
      SslSupportMethod: 'sni-only',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
    const target = { DNSName: { 'Fn::GetAtt': [example.logicalId(example.stack.frontDoor.distribution), 'DomainName'] } };
    for (const type of ['A', 'AAAA']) {
      example.template.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'example.com.',
        Type: type,
        HostedZoneId: EXAMPLE_HOSTED_ZONE_ID,
        AliasTarget: Match.objectLike(target),
      });
    }
    example.template.hasOutput('BaseUrl', { Value: 'https://example.com' });
  });

  it('with domainName but no zone, makes no records and says where to point them', () => {
    const site = synthesizeSite({ ...EXAMPLE_CONTEXT, hostedZoneId: undefined, hostedZoneName: undefined });
    expect(distributionOf(site).Aliases).toEqual(['example.com']);
    site.template.resourceCountIs('AWS::Route53::RecordSet', 0);
    site.template.hasOutput('DistributionDomainName', {
      Value: { 'Fn::GetAtt': [site.logicalId(site.stack.frontDoor.distribution), 'DomainName'] },
      Description: Match.stringLikeRegexp('^Point example.com here'),
    });
  });

  it('without domainName, is the distribution’s own', () => {
    const config = distributionOf(minimal);
    expect(config.Aliases).toBeUndefined();
    expect(config.ViewerCertificate).toBeUndefined();
  });
});

describe('the flood guard (waf)', () => {
  const guarded = synthesizeSite({ ...EXAMPLE_CONTEXT, waf: true }, { env: EXAMPLE_ENV });
  const edge = guarded.edgeGuard!;
  const edgeTemplate = Template.fromStack(edge);

  it('is a CLOUDFRONT web ACL in a us-east-1 stack of its own, referenced by the distribution', () => {
    expect(edge.region).toBe('us-east-1');
    expect(guarded.stack.region).toBe(EXAMPLE_ENV.region);
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    // Across regions: CloudFormation reads the edge stack's output at deploy.
    expect(distributionOf(guarded).WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: edge.stackName, Region: 'us-east-1', OutputName: expect.any(String) },
    });
  });

  it('blocks one IP over its limit on the service’s POST routes, a looser one on everything, and AWS’s IP reputation list', () => {
    const [acl] = Object.values(resourcesOfType(edgeTemplate, 'AWS::WAFv2::WebACL'));
    const rules = acl!.Properties.Rules as Array<Record<string, any>>;
    expect(rules.map((rule) => rule.Name)).toEqual(['AwsIpReputation', 'ServicePostsPerIp', 'EverythingPerIp']);
    expect(rules[0]!.Statement.ManagedRuleGroupStatement).toEqual({ VendorName: 'AWS', Name: 'AWSManagedRulesAmazonIpReputationList' });

    const posts = rules[1]!.Statement.RateBasedStatement;
    expect(posts).toMatchObject({ Limit: EDGE_RATE_LIMITS.servicePosts, AggregateKeyType: 'IP' });
    const [isPost, onPath] = posts.ScopeDownStatement.AndStatement.Statements;
    expect(isPost.ByteMatchStatement).toMatchObject({ FieldToMatch: { Method: {} }, SearchString: 'POST' });
    const postPaths = [...new Set(ROUTES.filter((route) => route.method === 'POST').map((route) => route.path))];
    expect(onPath.OrStatement.Statements.map((statement: any) => statement.ByteMatchStatement.SearchString).sort()).toEqual(postPaths.sort());

    expect(rules[2]!.Statement.RateBasedStatement).toEqual({ Limit: EDGE_RATE_LIMITS.everything, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    expect(EDGE_RATE_LIMITS.everything).toBeGreaterThan(EDGE_RATE_LIMITS.servicePosts);
    for (const rule of rules.slice(1)) expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
  });

  it('mails the owner when the edge blocks requests', () => {
    edgeTemplate.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'you@example.com' });
    edgeTemplate.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Threshold: 1,
      AlarmActions: [Match.anyValue()],
    });
  });

  it('needs the account and region, and says so in one line', () => {
    expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, waf: true })).toThrow(/^waf needs the target account and region/);
  });

  it('is absent by default', () => {
    expect(example.edgeGuard).toBeUndefined();
    expect(distributionOf(example).WebACLId).toBeUndefined();
  });
});

describe('the stage throttle alarm', () => {
  it('mails the owner when the stage throttle refuses requests (a 429 no function answered)', () => {
    example.template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: Match.stringLikeRegexp('\\$\\.status = "429".*\\$\\.integrationStatus = "-"'),
      MetricTransformations: [Match.objectLike({ MetricName: 'ThrottledRequests', MetricValue: '1' })],
    });
    example.template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ThrottledRequests', Threshold: 1 });
  });
});
