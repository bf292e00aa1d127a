import { describe, expect, it } from '@jest/globals';
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PREVIOUS_ORIGIN_VERIFY_SECONDS, type DeploymentKeyField } from '../../../../lambdas/deployment-keys/keys.js';
import { HANDLER_NAMES, METHODS_BY_PATH } from '../../../../lambdas/routes.js';
import { frontDoorFunctionCode, loadFrontDoorFunction, pageHeaders, pageHeadersFunctionCode, readFrontDoorRouting, siteIndexFor } from '../../../../lib/edge/front-door-function.js';
import { API_ORIGIN_ID, MAX_CACHE_BEHAVIORS, matchesPathPattern, serviceRouting, SITE_ORIGIN_ID } from '../../../../lib/front-door-paths.js';
import { siteFiles } from '../../../../lib/pages/site-files.js';
import { ownerFormPage } from '../../../support/form-pages.js';
import { folderPages, siteFolder } from '../../../support/site-folder.js';
import { OFF_SITE_FOLDER_PATHS } from '../../../support/site-path-cases.js';
import { EXAMPLE_CERTIFICATE_ARN, EXAMPLE_CONTEXT, EXAMPLE_ENV, EXAMPLE_HOSTED_ZONE_ID, MINIMAL_CONTEXT, resourcesOfType, synthesizeSite, type SiteApp, type TemplateResource } from '../site-app.js';

interface CacheBehavior {
  readonly PathPattern?: string;
  readonly TargetOriginId: string;
  readonly AllowedMethods: string[];
  readonly CachePolicyId: string;
  readonly OriginRequestPolicyId?: string;
  readonly ResponseHeadersPolicyId?: string;
  readonly ViewerProtocolPolicy: string;
  readonly FunctionAssociations?: Array<{ EventType: string; FunctionARN: unknown }>;
  readonly LambdaFunctionAssociations?: unknown;
  readonly ForwardedValues?: unknown;
}
interface DistributionConfig {
  readonly CacheBehaviors: CacheBehavior[];
  readonly DefaultCacheBehavior: CacheBehavior;
  readonly Origins: Array<{ Id: string; DomainName: unknown; OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: unknown }>; S3OriginConfig?: { OriginAccessIdentity?: string }; OriginAccessControlId?: unknown; CustomOriginConfig?: Record<string, unknown> }>;
  readonly Aliases?: string[];
  readonly ViewerCertificate?: Record<string, unknown>;
  readonly WebACLId?: unknown;
  readonly HttpVersion: string;
  readonly DefaultRootObject?: string;
  readonly CustomErrorResponses?: unknown[];
}

function distributionOf(site: SiteApp): DistributionConfig {
  const [distribution] = Object.values(resourcesOfType(site.template, 'AWS::CloudFront::Distribution'));
  return distribution!.Properties.DistributionConfig as DistributionConfig;
}

const policyId = (site: SiteApp, id: string) => site.stack.resolve(id) as string;

/**
 * What AWS's managed policies put in the cache key, and which viewer headers they send the origin,
 * as AWS's documentation lists them (Developer Guide: "Use managed cache policies", "Use managed
 * origin request policies"). A header in the cache key reaches the origin whatever the origin request policy says.
 */
const CACHE_KEY_HEADERS: ReadonlyMap<string, readonly string[]> = new Map([
  [CachePolicy.CACHING_DISABLED.cachePolicyId, []],
  [CachePolicy.CACHING_OPTIMIZED.cachePolicyId, []],
  [CachePolicy.USE_ORIGIN_CACHE_CONTROL_HEADERS_QUERY_STRINGS.cachePolicyId, ['host', 'origin', 'x-http-method-override', 'x-http-method', 'x-method-override']],
]);
const ORIGIN_REQUEST_SENDS_HOST: ReadonlyMap<string, boolean> = new Map([
  [OriginRequestPolicy.ALL_VIEWER.originRequestPolicyId, true],
  [OriginRequestPolicy.ALL_VIEWER_AND_CLOUDFRONT_2022.originRequestPolicyId, true],
  [OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId, false],
]);

/** The behaviour CloudFront picks for a path: the first whose pattern matches, else the default one. */
function behaviorFor(config: DistributionConfig, path: string): CacheBehavior {
  return config.CacheBehaviors.find((behavior) => matchesPathPattern(behavior.PathPattern!, path)) ?? config.DefaultCacheBehavior;
}

const example = synthesizeSite();
const minimal = synthesizeSite(MINIMAL_CONTEXT);
const folderSite = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder() });
const existingSite = synthesizeSite({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' });
const LAYOUTS: ReadonlyArray<[string, SiteApp]> = [
  ['no pages', minimal],
  ['a site folder', folderSite],
  ['an existing site', existingSite],
  ['a custom domain', example],
];
const paths = [...METHODS_BY_PATH.keys()];

describe.each(LAYOUTS)('the front door with %s: every route of the table to the API (docs/api.md §10)', (_layout, site) => {
  const config = distributionOf(site);
  const apiOrigin = config.Origins.find((origin) => origin.OriginCustomHeaders !== undefined)!;
  const routing = site.stack.frontDoor.routingFunction;
  const routedByFunction = new Set(routing === undefined ? [] : serviceRouting().throughDefault);

  it('takes at most the Free plan’s five behaviours, one per uncached pattern of the route table', () => {
    expect(config.CacheBehaviors.map((behavior) => behavior.PathPattern)).toEqual(serviceRouting().uncachedPatterns);
    expect(config.CacheBehaviors.length + 1).toBeLessThanOrEqual(MAX_CACHE_BEHAVIORS);
  });

  it.each(paths.map((path) => [path]))('reaches the API at %s without the viewer’s Host, in its cache key or its origin request', (path) => {
    const behavior = behaviorFor(config, path);
    const toApi = behavior.TargetOriginId === apiOrigin.Id || (routedByFunction.has(path) && behavior === config.DefaultCacheBehavior);
    expect(toApi).toBe(true);
    const cachePolicy = policyId(site, behavior.CachePolicyId);
    const originRequestPolicy = policyId(site, behavior.OriginRequestPolicyId!);
    expect(CACHE_KEY_HEADERS.get(cachePolicy)).toEqual([]);
    expect(ORIGIN_REQUEST_SENDS_HOST.get(originRequestPolicy)).toBe(false);
    // Every method, so that a wrong one gets the API's 405, not CloudFront's 403.
    expect(behavior.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('never caches a path that takes POST or OPTIONS, its GET included; the GET-only documents as long as their Cache-Control says', () => {
    for (const [path, methods] of METHODS_BY_PATH) {
      const behavior = behaviorFor(config, path);
      const readOnly = methods.every((method) => method === 'GET' || method === 'HEAD');
      const expected = readOnly && behavior === config.DefaultCacheBehavior ? CachePolicy.CACHING_OPTIMIZED : CachePolicy.CACHING_DISABLED;
      expect({ path, policy: behavior.CachePolicyId }).toEqual({ path, policy: policyId(site, expected.cachePolicyId) });
    }
  });

  it('reaches the API’s own endpoint over HTTPS with the secret header', () => {
    expect(apiOrigin.Id).toBe(API_ORIGIN_ID);
    expect(apiOrigin.DomainName).toEqual({
      'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [site.logicalId(site.stack.api), 'ApiEndpoint'] }] }],
    });
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(apiOrigin.OriginCustomHeaders?.map((header) => header.HeaderName)).toEqual(['x-origin-verify']);
  });

  it('adds AWS’s managed security headers (HSTS, nosniff) on every behaviour, the service’s included', () => {
    const securityHeaders = policyId(site, ResponseHeadersPolicy.SECURITY_HEADERS.responseHeadersPolicyId);
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect({ path: behavior.PathPattern ?? '*', policy: behavior.ResponseHeadersPolicyId }).toEqual({ path: behavior.PathPattern ?? '*', policy: securityHeaders });
    }
  });

  it('serves HTTP/2 and HTTP/3, redirecting HTTP to HTTPS', () => {
    expect(config.HttpVersion).toBe('http2and3');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('meets the Free plan: AWS’s managed policies only, no legacy cache settings, no Lambda@Edge, S3 through Origin Access Control', () => {
    for (const type of ['AWS::CloudFront::CachePolicy', 'AWS::CloudFront::OriginRequestPolicy', 'AWS::CloudFront::ResponseHeadersPolicy', 'AWS::CloudFront::CloudFrontOriginAccessIdentity']) {
      site.template.resourceCountIs(type, 0);
    }
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ForwardedValues).toBeUndefined();
      expect(behavior.LambdaFunctionAssociations).toBeUndefined();
      expect(CACHE_KEY_HEADERS.has(policyId(site, behavior.CachePolicyId))).toBe(true);
    }
    for (const origin of config.Origins.filter((candidate) => candidate.S3OriginConfig !== undefined)) {
      expect(origin.S3OriginConfig?.OriginAccessIdentity ?? '').toBe('');
      expect(origin.OriginAccessControlId).toBeDefined();
    }
  });
});

describe('the deployment’s keys (docs/api.md §4, §10, §15)', () => {
  const secrets = resourcesOfType(example.template, 'AWS::SecretsManager::Secret');
  const [secretId] = Object.keys(secrets);
  const [keysId, keys] = Object.entries(resourcesOfType(example.template, 'Custom::DeploymentKeys'))[0]!;
  /** The dynamic reference to one field, at the version the custom resource names. */
  const referenceTo = (field: DeploymentKeyField) => ({
    'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, `:SecretString:${field}::`, { Ref: keysId }, '}}']],
  });
  /** Each function's description (`<handler> handler …`), by the fields of the keys it is given. */
  const holdersOf = (site: SiteApp, field: DeploymentKeyField) =>
    Object.values(resourcesOfType(site.template, 'AWS::Lambda::Function'))
      .filter((fn) => JSON.stringify(fn.Properties.Environment ?? {}).includes(`:SecretString:${field}::`))
      .map((fn) => String(fn.Properties.Description).split(' ')[0])
      .sort();
  const apiOriginOf = (site: SiteApp) => distributionOf(site).Origins.find((origin) => origin.OriginCustomHeaders !== undefined)!;
  const variables = (name: (typeof HANDLER_NAMES)[number]) => {
    const fn = example.template.toJSON().Resources[example.logicalId(example.stack.functions.get(name)!)] as TemplateResource;
    return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  };

  it('are one secret, generated by Secrets Manager at deploy, never given a value in the template', () => {
    expect(Object.keys(secrets)).toHaveLength(1);
    expect(secrets[secretId!]!.Properties.GenerateSecretString).toBeDefined();
    expect(secrets[secretId!]!.Properties.SecretString).toBeUndefined();
  });

  it('are made and rotated at deploy by a custom resource over that secret, a label per value, which fails within minutes', () => {
    expect(keys.Properties).toEqual({
      ServiceToken: { 'Fn::GetAtt': [expect.stringMatching(/^DeploymentKeeper/), 'Arn'] },
      ServiceTimeout: '300',
      SecretId: { Ref: secretId },
      Rotations: { originVerify: '', counterKey: '', formTokenKey: '' },
      // The rotation window: the previous header is accepted an hour after a rotation, and no longer.
      PreviousOriginVerifySeconds: String(PREVIOUS_ORIGIN_VERIFY_SECONDS),
    });
    expect(PREVIOUS_ORIGIN_VERIFY_SECONDS).toBe(3600);
  });

  it('give the front door the header alone, as a dynamic reference', () => {
    expect(apiOriginOf(example).OriginCustomHeaders).toEqual([{ HeaderName: 'x-origin-verify', HeaderValue: referenceTo('originVerify') }]);
    expect(holdersOf(example, 'originVerify')).toEqual([]);
  });

  it('give every function behind the API the header’s digests, never a value that passes the front door', () => {
    for (const name of HANDLER_NAMES) expect(variables(name).ORIGIN_VERIFY_DIGESTS).toEqual(referenceTo('originVerifyDigests'));
    expect(holdersOf(example, 'originVerifyDigests')).toEqual([...HANDLER_NAMES].sort());
  });

  it('give the counters’ key to the functions that take inquiries (contact, mcp) alone, the form tokens’ key to the contact function and the page, and the next header to no one', () => {
    expect(holdersOf(example, 'counterKey')).toEqual(['contact', 'mcp']);
    expect(variables('mcp').COUNTER_KEY_SECRET).toEqual(referenceTo('counterKey'));
    expect(variables('contact').COUNTER_KEY_SECRET).toEqual(referenceTo('counterKey'));
    expect(holdersOf(example, 'formTokenKey')).toEqual(['contact', 'page']);
    expect(variables('page').FORM_TOKEN_SECRET).toEqual(referenceTo('formTokenKey'));
    expect(JSON.stringify(example.template.toJSON())).not.toContain(':SecretString:originVerifyNext');
  });

  it('are read at the version the custom resource names, everywhere: a rotation changes every reader in the deploy that makes it', () => {
    const text = JSON.stringify(example.template.toJSON());
    const references = text.match(/\{\{resolve:secretsmanager:/g) ?? [];
    const atItsVersion = (['originVerify', 'originVerifyDigests', 'counterKey', 'formTokenKey'] as const).map(
      (field) => text.split(JSON.stringify(referenceTo(field))).length - 1,
    );
    // The header once, the digests once per function behind the API, the counters' key twice, the tokens' key twice.
    expect(atItsVersion).toEqual([1, HANDLER_NAMES.length, 2, 2]);
    expect(references).toHaveLength(1 + HANDLER_NAMES.length + 2 + 2);
    expect(text).not.toMatch(/x-origin-verify"\s*,\s*"HeaderValue"\s*:\s*"/);
  });

  it('take each rotation label from its context key, and change nothing else in the template', () => {
    const rotated = synthesizeSite({ ...EXAMPLE_CONTEXT, originVerifyRotation: '2026-12-01', counterKeyRotation: '2' });
    const [, rotatedKeys] = Object.entries(resourcesOfType(rotated.template, 'Custom::DeploymentKeys'))[0]!;
    expect(rotatedKeys.Properties.Rotations).toEqual({ originVerify: '2026-12-01', counterKey: '2', formTokenKey: '' });
    // The labels, and the digest of the settings they are part of (which npm run publish compares).
    const withoutLabels = (site: SiteApp) =>
      JSON.stringify(site.template.toJSON())
        .replace(/"Rotations":\{[^}]*\}/, '')
        .replace(/"SettingsDigest":\{[^}]*\}/, '');
    expect(withoutLabels(rotated)).toBe(withoutLabels(example));
  });
});

describe('the site’s pages', () => {
  it('with neither siteDir nor siteOrigin, leaves every other path to the API’s fallback', () => {
    const config = distributionOf(minimal);
    expect(config.Origins.map((origin) => origin.Id)).toEqual([API_ORIGIN_ID]);
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(API_ORIGIN_ID);
    expect(config.DefaultCacheBehavior.FunctionAssociations).toBeUndefined();
    minimal.template.resourceCountIs('AWS::S3::Bucket', 0);
    minimal.template.resourceCountIs('AWS::CloudFront::Function', 0);
  });

  it('with siteDir, uploads the folder to a private, encrypted, SSL-only bucket read and listed through Origin Access Control', () => {
    const config = distributionOf(folderSite);
    const s3Origin = config.Origins.find((origin) => origin.S3OriginConfig !== undefined)!;

    expect(s3Origin.Id).toBe(SITE_ORIGIN_ID);
    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: SITE_ORIGIN_ID,
      ResponseHeadersPolicyId: policyId(folderSite, ResponseHeadersPolicy.SECURITY_HEADERS.responseHeadersPolicyId),
    });
    // A listing of the bucket never answers `/`.
    expect(config.DefaultRootObject).toBe('index.html');
    folderSite.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    folderSite.template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    folderSite.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          // Listing, so that S3 answers a missing page 404, not 403.
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudfront.amazonaws.com' }, Action: ['s3:GetObject', 's3:ListBucket'] }),
        ]),
      },
    });
    // The edge cache is invalidated at each deploy.
    folderSite.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DistributionId: { Ref: folderSite.logicalId(folderSite.stack.frontDoor.distribution) },
      DistributionPaths: ['/*'],
    });
  });

  it('with siteDir, routes the default behaviour’s requests with the function made of the route table and the folder’s index', () => {
    const folder = siteFolder();
    const site = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: folder });
    const functionId = site.logicalId(site.stack.frontDoor.routingFunction!);
    const servicePaths = serviceRouting().throughDefault;
    site.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      FunctionCode: frontDoorFunctionCode({
        serviceOrigin: API_ORIGIN_ID,
        servicePaths,
        form: '/contact',
        markdown: true,
        site: siteIndexFor([...siteFiles(folder).files.keys()], { serviceOrigin: API_ORIGIN_ID, servicePaths, form: '/contact', markdown: true }),
      }),
    });
    // The pages' Link and Vary headers (docs/api.md §16), from the viewer-response function.
    site.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      FunctionCode: pageHeadersFunctionCode(pageHeaders({ linkHeaders: true, markdown: true })),
    });
    expect(distributionOf(site).DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [site.logicalId(site.stack.frontDoor.headersFunction!), 'FunctionARN'] } },
    ]);
  });

  it('with siteDir and every part for agents turned off, has no viewer-response function and asks for no Markdown', () => {
    const site = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder(), linkHeaders: false, markdownPages: false });
    expect(site.stack.frontDoor.headersFunction).toBeUndefined();
    expect(distributionOf(site).DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    site.template.resourceCountIs('AWS::CloudFront::Function', 1);
    site.template.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.not(Match.stringLikeRegexp('"markdown":true')) });
  });

  it('with siteDir of 400 folders, lists none of them, serves a folder published after synth, and never redirects off the site (the synthesized code, run)', () => {
    const site = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder(folderPages(400)) });
    const routing = Object.values(resourcesOfType(site.template, 'AWS::CloudFront::Function')).find((fn) => String(fn.Properties.FunctionCode).startsWith('import cf'));
    const code = routing!.Properties.FunctionCode as string;
    expect(code).toContain('"site":{"files":[],"formPath":"/contact"}');
    const run = loadFrontDoorFunction(code);
    const get = (uri: string) => run({ request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} } }).result;
    expect(get('/posts/post-number-7')).toMatchObject({ statusCode: 301, headers: { location: { value: '/posts/post-number-7/' } } });
    // A folder the folder did not hold at synth, published since: its page with or without the slash.
    expect(get('/posts/published-later')).toMatchObject({ statusCode: 301, headers: { location: { value: '/posts/published-later/' } } });
    expect(get('/posts/published-later/')).toMatchObject({ uri: '/posts/published-later/index.html' });
    for (const [uri, why] of OFF_SITE_FOLDER_PATHS) expect({ why, result: get(uri) }).toEqual({ why, result: expect.objectContaining({ uri }) });
  });

  it('with siteDir of pages named <name>.html, reaches each without .html as far as the function can list them, and says at synth which it cannot', () => {
    const flatPages = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`posts/a-rather-long-title-of-post-${index}.html`, `post ${index}`]));
    const routingCode = (site: SiteApp) =>
      String(Object.values(resourcesOfType(site.template, 'AWS::CloudFront::Function')).find((fn) => String(fn.Properties.FunctionCode).startsWith('import cf'))!.Properties.FunctionCode);
    const unlisted = (site: SiteApp) => Annotations.fromStack(site.stack).findInfo('*', Match.stringLikeRegexp('^siteDir: \\d+ of your \\d+ pages named'));

    const small = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'about.html': 'about', ...flatPages(40) }) });
    const run = loadFrontDoorFunction(routingCode(small));
    expect(run({ request: { method: 'GET', uri: '/posts/a-rather-long-title-of-post-39', querystring: {}, headers: {}, cookies: {} } }).result).toMatchObject({
      uri: '/posts/a-rather-long-title-of-post-39.html',
    });
    expect(unlisted(small)).toEqual([]);

    // A folder of its own in posts/ keeps it from being flat: its pages are listed one by one, as many as fit.
    const large = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ ...flatPages(600), 'posts/archive/index.html': 'archive' }) });
    const listed = readFrontDoorRouting(routingCode(large))!.site!.pages!;
    expect(listed.length).toBeGreaterThan(50);
    expect(unlisted(large).map((info) => info.entry.data)).toEqual([
      expect.stringMatching(new RegExp(`^siteDir: ${600 - listed.length} of your 600 pages named <name>\\.html are more than the front door's function can list: `)),
    ]);
    // Without it, the top folder is flat, posts/ below it: every post is reached, as many as the list above could not hold, with no list and nothing said.
    const flat = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder(flatPages(600)) });
    expect(readFrontDoorRouting(routingCode(flat))!.site).toMatchObject({ flat: [''] });
    expect(loadFrontDoorFunction(routingCode(flat))({ request: { method: 'GET', uri: '/posts/a-rather-long-title-of-post-599', querystring: {}, headers: {}, cookies: {} } }).result).toMatchObject({
      uri: '/posts/a-rather-long-title-of-post-599.html',
    });
    expect(unlisted(flat)).toEqual([]);
  });

  it('with a flat site’s contact.html as formPage, shows it at /contact by the routing function on that path’s behaviour, whose posts go on to the API (the synthesized code, run)', () => {
    const siteDir = siteFolder({ 'index.html': 'home', 'about.html': 'about', 'contact.html': ownerFormPage(), 'css/site.css': 'body {}' });
    const site = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir, formPage: '/contact.html' });
    const config = distributionOf(site);
    const contact = behaviorFor(config, '/contact');
    expect(contact.PathPattern).toBe('/contact');
    expect(contact.FunctionAssociations).toEqual(config.DefaultCacheBehavior.FunctionAssociations);
    expect(contact).toMatchObject({ TargetOriginId: config.Origins.find((origin) => origin.OriginCustomHeaders !== undefined)!.Id, CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId });
    const [id] = (contact.FunctionAssociations![0]!.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    const edge = loadFrontDoorFunction(resourcesOfType(site.template, 'AWS::CloudFront::Function')[id]!.Properties.FunctionCode as string);
    const request = (method: string) => ({ request: { method, uri: '/contact', querystring: {}, headers: {}, cookies: {} } });
    expect(edge(request('GET'))).toEqual({ result: expect.objectContaining({ uri: '/contact.html' }), selectedOrigin: SITE_ORIGIN_ID });
    expect(edge(request('POST'))).toEqual({ result: request('POST').request });
    // Every other behaviour of the service is as it was; a form page elsewhere is led to by the page function.
    for (const behavior of config.CacheBehaviors.filter((candidate) => candidate !== contact)) expect(behavior.FunctionAssociations).toBeUndefined();
    const folderForm = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'index.html': 'home', 'contact/index.html': ownerFormPage(), 'css/site.css': 'body {}' }) });
    expect(behaviorFor(distributionOf(folderForm), '/contact').FunctionAssociations).toBeUndefined();

    // With the domain's other name, /contact still moves it first, whatever the method.
    const named = synthesizeSite({ ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.com', siteDir, formPage: '/contact.html' });
    const namedContact = behaviorFor(distributionOf(named), '/contact');
    const [namedId] = (namedContact.FunctionAssociations![0]!.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    const namedEdge = loadFrontDoorFunction(resourcesOfType(named.template, 'AWS::CloudFront::Function')[namedId]!.Properties.FunctionCode as string);
    const at = (host: string, method: string) => ({ request: { method, uri: '/contact', querystring: {}, headers: { host: { value: host } }, cookies: {} } });
    expect(namedEdge(at('www.example.com', 'GET')).result).toMatchObject({ statusCode: 301, headers: { location: { value: 'https://example.com/contact' } } });
    expect(namedEdge(at('www.example.com', 'POST')).result).toMatchObject({ statusCode: 308 });
    expect(namedEdge(at('example.com', 'GET'))).toEqual({ result: expect.objectContaining({ uri: '/contact.html' }), selectedOrigin: SITE_ORIGIN_ID });
    expect(namedEdge(at('example.com', 'POST'))).toEqual({ result: at('example.com', 'POST').request });
  });

  it('with siteDir and a 404.html, answers a missing page with it, status 404; without one, S3’s own 404', () => {
    expect(distributionOf(folderSite).CustomErrorResponses).toBeUndefined();
    const folder = siteFolder();
    writeFileSync(join(folder, '404.html'), '<!doctype html><title>Not found</title>');
    expect(distributionOf(synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: folder })).CustomErrorResponses).toEqual([
      { ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/404.html' },
    ]);
  });

  it('with siteOrigin, reads the existing site over HTTPS, with security headers, through the same function', () => {
    const config = distributionOf(existingSite);
    const pages = config.Origins.find((origin) => origin.DomainName === 'you.github.io')!;

    expect(pages.Id).toBe(SITE_ORIGIN_ID);
    expect(pages.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(pages.OriginCustomHeaders).toBeUndefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: SITE_ORIGIN_ID,
      ResponseHeadersPolicyId: policyId(existingSite, ResponseHeadersPolicy.SECURITY_HEADERS.responseHeadersPolicyId),
      // The existing site's pages get the Link headers too, and its redirects stay here; it has no Markdown of the service's.
      FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' }), expect.objectContaining({ EventType: 'viewer-response' })],
    });
    existingSite.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: pageHeadersFunctionCode(pageHeaders({ linkHeaders: true, markdown: false, siteHost: 'you.github.io' })),
    });
    expect(config.DefaultRootObject).toBeUndefined();
    existingSite.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp('"site":null'),
    });
    existingSite.template.resourceCountIs('AWS::S3::Bucket', 0);
  });

  it('with siteOrigin and every part for agents turned off, keeps the viewer-response function for the site’s redirects alone', () => {
    const quiet = synthesizeSite({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', linkHeaders: false });
    quiet.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: pageHeadersFunctionCode(pageHeaders({ linkHeaders: false, markdown: false, siteHost: 'you.github.io' })),
    });
    expect(distributionOf(quiet).DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' }), expect.objectContaining({ EventType: 'viewer-response' })]);
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

  it('with redirectDomainName, serves both names, writes both names’ records, and sends the other name to domainName on every behaviour (the synthesized code, run)', () => {
    const OTHER = { redirectDomainName: 'www.example.com' };
    for (const site of [synthesizeSite({ ...EXAMPLE_CONTEXT, ...OTHER, siteDir: siteFolder() }), synthesizeSite({ ...EXAMPLE_CONTEXT, ...OTHER })]) {
      const config = distributionOf(site);
      expect(config.Aliases).toEqual(['example.com', 'www.example.com']);
      site.template.hasOutput('OtherNameUrl', { Value: 'https://www.example.com' });
      for (const type of ['A', 'AAAA']) site.template.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'www.example.com.', Type: type, HostedZoneId: EXAMPLE_HOSTED_ZONE_ID });
      const codeOf = (behavior: CacheBehavior) => {
        const association = behavior.FunctionAssociations?.find((candidate) => candidate.EventType === 'viewer-request');
        const [id] = (association?.FunctionARN as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
        return resourcesOfType(site.template, 'AWS::CloudFront::Function')[id]!.Properties.FunctionCode as string;
      };
      for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
        const edge = loadFrontDoorFunction(codeOf(behavior));
        const request = (host: string, method: string) => ({
          request: { method, uri: '/index.html', querystring: { ref: { value: 'card' } }, headers: { host: { value: host } }, cookies: {} },
        });
        const where = behavior.PathPattern ?? '*';
        expect({ where, moved: edge(request('WWW.example.com', 'GET')).result }).toEqual({
          where,
          moved: { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: 'https://example.com/index.html?ref=card' } } },
        });
        expect({ where, status: edge(request('www.example.com', 'POST')).result.statusCode }).toEqual({ where, status: 308 });
        expect({ where, status: edge(request('example.com', 'GET')).result.statusCode }).toEqual({ where, status: undefined });
      }
    }
  });

  it('without redirectDomainName, adds no function to the service’s behaviours, and refuses one with no domainName, the same name, or one out of the zone', () => {
    expect(distributionOf(example).CacheBehaviors.map((behavior) => behavior.FunctionAssociations)).toEqual(distributionOf(example).CacheBehaviors.map(() => undefined));
    expect(example.template.findOutputs('OtherNameUrl')).toEqual({});
    expect(() => synthesizeSite({ ...MINIMAL_CONTEXT, redirectDomainName: 'www.example.com' })).toThrow('Missing setting "domainName": redirectDomainName is redirected to it, and there is none');
    for (const baseUrl of ['https://www.example.com', 'https://d111111abcdef8.cloudfront.net']) {
      expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.com', baseUrl })).toThrow(
        `baseUrl must be https://example.com with redirectDomainName, which leads there, or be left out, got "${baseUrl}"`,
      );
    }
    expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.com', baseUrl: 'https://example.com' })).not.toThrow();
    // CloudFront takes a function's comment of 128 characters at most, whatever the names.
    const long = synthesizeSite({ ...EXAMPLE_CONTEXT, domainName: `${'a'.repeat(60)}.example.com`, hostedZoneName: 'example.com', redirectDomainName: `www.${'a'.repeat(60)}.example.com` });
    for (const fn of Object.values(resourcesOfType(long.template, 'AWS::CloudFront::Function'))) {
      expect((fn.Properties.FunctionConfig as { Comment: string }).Comment.length).toBeLessThanOrEqual(128);
    }
    expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, redirectDomainName: 'example.com' })).toThrow('redirectDomainName must be another name than domainName (example.com), which it redirects to');
    expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, redirectDomainName: 'www.example.org' })).toThrow(
      'redirectDomainName must be in the zone example.com, where the stack writes its records, got "www.example.org"',
    );
    expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, redirectDomainName: 'WWW.example.com' })).toThrow('redirectDomainName must be a lower-case host name such as www.example.com, got "WWW.example.com"');
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

  it('is a CLOUDFRONT web ACL in a us-east-1 stack of its own, referenced by the distribution (test/unit/infra/edge/edge-guard.test.ts has its rules)', () => {
    expect(edge.region).toBe('us-east-1');
    expect(guarded.stack.region).toBe(EXAMPLE_ENV.region);
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    // Across regions: CloudFormation reads the edge stack's output at deploy.
    expect(distributionOf(guarded).WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: edge.stackName, Region: 'us-east-1', OutputName: expect.any(String) },
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

describe('CloudFront’s Free flat-rate plan (pricingPlan)', () => {
  const onPlan = synthesizeSite({ ...EXAMPLE_CONTEXT, pricingPlan: 'free', siteDir: siteFolder() }, { env: EXAMPLE_ENV });
  const plan = onPlan.pricingPlan!;
  const edge = onPlan.edgeGuard!;
  const planTemplate = Template.fromStack(plan);

  it('subscribes the distribution and the web ACL to the Free plan, in us-east-1 where PricingPlanManager answers', () => {
    expect(plan.region).toBe('us-east-1');
    const subscriptions = Object.values(resourcesOfType(planTemplate, 'AWS::PricingPlanManager::Subscription'));
    expect(subscriptions).toHaveLength(1);
    const { PlanFamily, PlanTier, ResourceArns } = subscriptions[0]!.Properties as { PlanFamily: string; PlanTier: string; ResourceArns: unknown[] };
    expect({ PlanFamily, PlanTier }).toEqual({ PlanFamily: 'CloudFront', PlanTier: 'FREE' });
    // Across stacks: CloudFormation reads each from the stack that makes it, at deploy.
    const outputOf = (stack: Stack) => ({ 'Fn::GetStackOutput': { StackName: stack.stackName, Region: stack.region, OutputName: expect.any(String) } });
    expect(ResourceArns).toEqual([
      { 'Fn::Join': ['', [`arn:aws:cloudfront::${EXAMPLE_ENV.account}:distribution/`, outputOf(onPlan.stack)]] },
      outputOf(edge),
    ]);
    expect(plan.dependencies).toEqual(expect.arrayContaining([onPlan.stack, edge]));
  });

  it('guards the distribution with the edge stack’s web ACL (test/unit/infra/edge/edge-guard.test.ts has its rules)', () => {
    expect(distributionOf(onPlan).WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: edge.stackName, Region: 'us-east-1', OutputName: expect.any(String) },
    });
  });

  it('needs the account and region, and says so in one line', () => {
    expect(() => synthesizeSite({ ...EXAMPLE_CONTEXT, pricingPlan: 'free' })).toThrow(
      /^pricingPlan free needs the target account and region, which the CDK asks AWS of your credentials: sign in \(aws sso login, or aws configure\), or check this machine's network: aws sts get-caller-identity shows that AWS answers; to check the rest offline, npm run synth -- -c pricingPlan=none$/,
    );
  });

  it('is not subscribed to with pricingPlan none, the default', () => {
    for (const site of [example, synthesizeSite({ ...EXAMPLE_CONTEXT, pricingPlan: 'none', waf: true }, { env: EXAMPLE_ENV })]) {
      expect(site.pricingPlan).toBeUndefined();
      for (const stack of site.app.node.children.filter((child): child is Stack => child instanceof Stack)) {
        Template.fromStack(stack).resourceCountIs('AWS::PricingPlanManager::Subscription', 0);
      }
    }
  });
});
