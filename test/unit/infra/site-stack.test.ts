import { describe, expect, it } from '@jest/globals';
import { Match } from 'aws-cdk-lib/assertions';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACT_TIMEOUT_SECONDS, WORST_CASE_DEPENDENCY_MS } from '../../../lambdas/contact/time-budget.js';
import { MCP_TIMEOUT_SECONDS } from '../../../lambdas/mcp/time-budget.js';
import { COUNTER_PARTITION_KEY, COUNTER_TTL_ATTRIBUTE } from '../../../lambdas/counters/counter-store.js';
import { DELIVERY_TIMEOUT_SECONDS, STREAM_BATCH_SIZE } from '../../../lambdas/delivery/time-budget.js';
import { EARLY_TIMEOUT_MS } from '../../../lambdas/http/early-timeout.js';
import { METRICS_NAMESPACE } from '../../../lambdas/http/metrics.js';
import { INBOX_PARTITION_KEY, INBOX_TTL_ATTRIBUTE, PENDING_STREAM_FILTER, QUEUE_INDEX } from '../../../lambdas/inbox/inquiry-record.js';
import { FALLBACK_HANDLER, FUNCTION_NAMES, HANDLER_NAMES, ROUTES, WORKER_HANDLER, type FunctionName } from '../../../lambdas/routes.js';
import { handlerBundling, LAMBDA_RUNTIME } from '../../../lib/api/bundling.js';
import { API_THROTTLE } from '../../../lib/api/site-api.js';
import { MAIL_METRIC_DIMENSION, UNDELIVERED_MAIL_EVENTS } from '../../../lib/mail/site-mail.js';
import { ALARM_SIGNALS, SITE_ALARMS } from '../../../lib/observability/observability.js';
import { BUNDLED_LLMS_TXT } from '../../../lib/pages/site-files.js';
import { BUNDLED_FORM_PAGE } from '../../../lib/settings/form-page.js';
import { answeringContactPages } from '../../../lib/settings/contact-pages.js';
import { formPageDigest, NO_FILE, settingsDigest } from '../../../lib/settings/settings-digest.js';
import { readSiteConfig } from '../../../lib/settings/site-config.js';
import { NO_FORM_PAGE_LOADS, SITE_OUTPUTS } from '../../../lib/site-outputs.js';
import { ownerFormPage } from '../../support/form-pages.js';
import { siteFolder } from '../../support/site-folder.js';
import { EXAMPLE_CONTEXT, MINIMAL_CONTEXT, resourcesOfType, synthesizeSite, type TemplateResource } from './site-app.js';

const site = synthesizeSite();
const { template, stack } = site;
/** The default layout with {base} given: the distribution's own domain, as an owner without one copies it from the BaseUrl output. */
const KNOWN_BASE_CONTEXT = { ...MINIMAL_CONTEXT, baseUrl: 'https://d111111abcdef8.cloudfront.net' };
/** Every label of docs/api.md §10 set, as .ci/lint-templates' variant with rotations. */
const ROTATIONS_CONTEXT = { ...KNOWN_BASE_CONTEXT, originVerifyRotation: '2026-12-01', counterKeyRotation: '2', formTokenKeyRotation: 'b', apiHostRotation: '2026-12-01' };

/** The resources of a cycle of the template's dependencies (DependsOn, Ref, Fn::GetAtt), if it has one: CloudFormation refuses such a template. */
function dependencyCycle(resources: Readonly<Record<string, { Properties?: unknown; DependsOn?: string[] }>>): string[] {
  const needs = (id: string): string[] => {
    const references = JSON.stringify(resources[id]!.Properties ?? {}).matchAll(/\{"Ref":"([^"]+)"\}|\{"Fn::GetAtt":\["([^"]+)"/g);
    return [...(resources[id]!.DependsOn ?? []), ...[...references].map((match) => match[1] ?? match[2]!)].filter((other) => other in resources);
  };
  const done = new Set<string>();
  const visit = (id: string, path: string[]): string[] => {
    if (path.includes(id)) return path.slice(path.indexOf(id));
    if (done.has(id)) return [];
    for (const other of needs(id)) {
      const cycle = visit(other, [...path, id]);
      if (cycle.length > 0) return cycle;
    }
    done.add(id);
    return [];
  };
  for (const id of Object.keys(resources)) {
    const cycle = visit(id, []);
    if (cycle.length > 0) return cycle;
  }
  return [];
}

function functionId(handlerName: FunctionName): string {
  const fn = stack.functions.get(handlerName);
  if (fn === undefined) throw new Error(`no function for ${handlerName}`);
  return site.logicalId(fn);
}

/** The role a function runs with, and the statements of that role's policies. */
function statementsOf(handlerName: FunctionName): Array<Record<string, unknown>> {
  const fn = template.toJSON().Resources[functionId(handlerName)] as TemplateResource;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement);
}

describe('the HTTP API', () => {
  it('routes every entry of the route table to its handler, and everything else to the fallback', () => {
    const routes = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route'));
    const integrations = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration');
    const expected: Array<{ key: string; handler: FunctionName }> = [
      ...ROUTES.map((route) => ({ key: `${route.method} ${route.path}`, handler: route.handler })),
      { key: '$default', handler: FALLBACK_HANDLER },
    ];
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(expected.map((route) => route.key).sort());

    for (const { key, handler } of expected) {
      const route = routes.find((candidate) => candidate.Properties.RouteKey === key)!;
      expect(route.Properties.AuthorizationType).toBe('NONE');
      const target = route.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integration = integrations[target['Fn::Join'][1][1].Ref]!;
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [functionId(handler), 'Arn'] },
      });
    }
  });

  it('sends the MCP endpoint to a function of its own, and its Server Card to the discovery documents’ (docs/api.md §17)', () => {
    const routes = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route'));
    const integrations = resourcesOfType(template, 'AWS::ApiGatewayV2::Integration');
    const functionOf = (key: string) => {
      const route = routes.find((candidate) => candidate.Properties.RouteKey === key);
      const target = route?.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      return (integrations[target['Fn::Join'][1][1].Ref]!.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    };
    for (const key of ['POST /api/mcp', 'OPTIONS /api/mcp']) expect(functionOf(key)).toBe(functionId('mcp'));
    for (const key of ['GET /api/mcp/server-card', 'HEAD /api/mcp/server-card', 'GET /.well-known/mcp/server-card.json']) expect(functionOf(key)).toBe(functionId('discovery'));
    expect(routes.map((route) => route.Properties.RouteKey)).not.toContain('GET /api/mcp');
  });

  it('gives the owner’s own fields to every function that publishes or takes the inquiry, and to no other', () => {
    const owned = synthesizeSite({ ...MINIMAL_CONTEXT, extraFields: { budget: 'Orçamento' } });
    const extraFieldsOf = (name: FunctionName) =>
      ((owned.template.toJSON().Resources[owned.logicalId(owned.stack.functions.get(name)!)] as TemplateResource).Properties.Environment as { Variables: Record<string, unknown> }).Variables.EXTRA_FIELDS;
    const given = FUNCTION_NAMES.filter((name) => extraFieldsOf(name) !== undefined);
    expect(given.sort()).toEqual(['contact', 'discovery', 'mcp', 'page', 'schema']);
    for (const name of given) expect(extraFieldsOf(name)).toBe('{"budget":"Orçamento"}');
  });

  it('runs the MCP function as the contact function runs, with the intake’s settings and neither the form’s nor the form tokens’ key', () => {
    const fn = template.toJSON().Resources[functionId('mcp')] as TemplateResource;
    expect(fn.Properties).toMatchObject({ Runtime: LAMBDA_RUNTIME.name, Architectures: ['arm64'], MemorySize: 512, Timeout: MCP_TIMEOUT_SECONDS });
    expect(Object.keys((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables).sort()).toEqual(
      [
        'ALLOWED_ORIGINS', 'BASE_URL', 'COUNTER_KEY_SECRET', 'COUNTER_TABLE', 'EXTRA_FIELDS', 'FORM_MIN_SECONDS', 'INQUIRY_TABLE', 'ORIGIN_VERIFY_DIGESTS',
        'RATE_LIMIT_EMAIL', 'RATE_LIMIT_IP', 'SITE_NAME', 'SPAM_LINK_LIMIT', 'SPAM_REPEAT_LIMIT',
      ].sort(),
    );
    // Beside the contact function's, below it: the one put, without an Idempotency-Key record to write and settle.
    expect(MCP_TIMEOUT_SECONDS).toBeLessThan(CONTACT_TIMEOUT_SECONDS);
  });

  it('leaves CORS to the functions, per route', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { CorsConfiguration: Match.absent(), ProtocolType: 'HTTP' });
  });

  it('throttles each route as a flood guard: the stage’s default route settings, a token bucket per route, as the docs say', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
    });
    const routes = Object.keys(resourcesOfType(template, 'AWS::ApiGatewayV2::Route')).length;
    const wordsOf = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const reference = wordsOf('docs/api.md');
    expect(reference).toContain(`Each route's throttle (${API_THROTTLE.rateLimit} requests a second, bursts of ${API_THROTTLE.burstLimit})`);
    expect(reference).toContain(`${routes} routes today, \`$default\` included`);
    expect(wordsOf('README.md')).toContain(`${API_THROTTLE.rateLimit} requests a second per API route`);
  });

  it('moves to a new execute-api host when apiHostRotation is given a new label: a new API, its stage, routes and the front door’s origin with it', () => {
    const apiIds = (site: typeof moved) => Object.keys(resourcesOfType(site.template, 'AWS::ApiGatewayV2::Api'));
    const moved = synthesizeSite({ ...KNOWN_BASE_CONTEXT, apiHostRotation: '2026-12-01' });
    const movedAgain = synthesizeSite({ ...KNOWN_BASE_CONTEXT, apiHostRotation: '20261201' });
    const first = synthesizeSite(KNOWN_BASE_CONTEXT);

    const [firstId, movedId, movedAgainId] = [apiIds(first), apiIds(moved), apiIds(movedAgain)].map((ids) => {
      expect(ids).toHaveLength(1);
      return ids[0]!;
    });
    expect(new Set([firstId, movedId, movedAgainId]).size).toBe(3);
    for (const stage of Object.values(resourcesOfType(moved.template, 'AWS::ApiGatewayV2::Stage'))) expect(stage.Properties.ApiId).toEqual({ Ref: movedId });
    for (const route of Object.values(resourcesOfType(moved.template, 'AWS::ApiGatewayV2::Route'))) expect(route.Properties.ApiId).toEqual({ Ref: movedId });
    expect(JSON.stringify(resourcesOfType(moved.template, 'AWS::CloudFront::Distribution'))).toContain(JSON.stringify({ 'Fn::GetAtt': [movedId, 'ApiEndpoint'] }));
    // The access log stays: its history is the owner's, wherever the API is.
    const logGroupIds = (site: typeof moved) => Object.keys(resourcesOfType(site.template, 'AWS::Logs::LogGroup')).sort();
    expect(logGroupIds(moved)).toEqual(logGroupIds(first));
  });

  describe.each([
    ['a domain', { ...EXAMPLE_CONTEXT, apiHostRotation: '2026-12-01' }],
    ['the distribution’s own domain as baseUrl, and every key rotated', ROTATIONS_CONTEXT],
    ['a domain, never moved', undefined],
  ])('with %s, the distribution is updated once the API answers', (_layout, context) => {
    const moving = context === undefined ? site : synthesizeSite(context);
    const resources = moving.template.toJSON().Resources as Record<string, TemplateResource & { DependsOn?: string[] }>;
    const [distributionId] = Object.keys(resourcesOfType(moving.template, 'AWS::CloudFront::Distribution'));

    it('after the stage, every route, its integration and its function’s invoke permission, which CloudFormation would otherwise make beside it (“DependsOn attribute”)', () => {
      const serving = Object.entries(resources).filter(
        ([, resource]) =>
          ['AWS::ApiGatewayV2::Stage', 'AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration'].includes(resource.Type) ||
          (resource.Type === 'AWS::Lambda::Permission' && resource.Properties.Principal === 'apigateway.amazonaws.com'),
      );
      expect(serving.filter(([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Route')).toHaveLength(ROUTES.length + 1);
      expect(serving.filter(([, resource]) => resource.Type === 'AWS::Lambda::Permission')).toHaveLength(ROUTES.length + 1);
      expect(resources[distributionId!]!.DependsOn).toEqual(expect.arrayContaining(serving.map(([id]) => id)));
    });

    it('in a template without a cycle', () => {
      expect(dependencyCycle(resources)).toEqual([]);
      expect(dependencyCycle({ A: { DependsOn: ['B'] }, B: { Properties: { Name: { 'Fn::GetAtt': ['A', 'Arn'] } } } })).toEqual(['A', 'B']);
    });
  });

  it('on the distribution’s own domain, is not ordered after the routes, whose functions are given that domain: no cycle, and no move (site-config)', () => {
    const own = synthesizeSite(MINIMAL_CONTEXT);
    const resources = own.template.toJSON().Resources as Record<string, TemplateResource & { DependsOn?: string[] }>;
    const [distributionId] = Object.keys(resourcesOfType(own.template, 'AWS::CloudFront::Distribution'));
    expect(JSON.stringify(resources[functionId('contact')]!.Properties)).toContain(JSON.stringify({ 'Fn::GetAtt': [distributionId, 'DomainName'] }));
    expect(resources[distributionId!]!.DependsOn ?? []).toEqual([]);
    expect(dependencyCycle(resources)).toEqual([]);
    expect(() => synthesizeSite({ ...MINIMAL_CONTEXT, apiHostRotation: '2026-12-01' })).toThrow(/^apiHostRotation needs \{base\} known before the deploy/);
  });

  it.each(['sa-east1', 'eu west 1', 'EU-WEST-1', 'eu-west-'])('refuses the region %j, no AWS region’s name, with one line naming where it came from', (region) => {
    expect(() => synthesizeSite(MINIMAL_CONTEXT, { env: { region } })).toThrow(
      `the region ${JSON.stringify(region)} is no AWS region's name (as eu-west-1, sa-east-1): a typo in AWS_REGION, or in your AWS profile's region?`,
    );
    // A region too new for aws-cdk-lib's list has the shape, and synthesizes (npm run synth's Region line warns).
    expect(() => synthesizeSite(MINIMAL_CONTEXT, { env: { region: 'xx-newplace-1' } })).not.toThrow();
  });

  it('keeps an access log without client IPs', () => {
    const [stage] = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Stage'));
    const settings = stage!.Properties.AccessLogSettings as { Format: string; DestinationArn: unknown };
    expect(settings.DestinationArn).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
    expect(JSON.parse(settings.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    expect(settings.Format).not.toMatch(/sourceIp|userAgent|identity/);
  });
});

/** The dynamic reference to one field of the deployment's keys, at the version the custom resource names. */
function keyReference(field: string) {
  return {
    'Fn::Join': [
      '',
      ['{{resolve:secretsmanager:', { Ref: site.logicalId(stack.keys.secret) }, `:SecretString:${field}::`, { Ref: keysResourceId }, '}}'],
    ],
  };
}
const keysResourceId = Object.keys(resourcesOfType(template, 'Custom::DeploymentKeys'))[0]!;
const keeperId = Object.keys(resourcesOfType(template, 'AWS::Lambda::Function')).find((id) => id.startsWith('DeploymentKeeper'))!;

describe('the functions', () => {
  const functions = resourcesOfType(template, 'AWS::Lambda::Function');

  it('are one per handler of the route table, the delivery worker, and the keeper of the deployment’s keys, run at deploy only', () => {
    expect(Object.keys(functions).sort()).toEqual([...FUNCTION_NAMES.map(functionId), keeperId].sort());
  });

  it('run the newest Node.js runtime aws-cdk-lib offers, on arm64', () => {
    const newest = Runtime.ALL.filter((runtime) => /^nodejs\d+\.x$/.test(runtime.name)).sort(
      (a, b) => Number(b.name.match(/\d+/)![0]) - Number(a.name.match(/\d+/)![0]),
    )[0];
    expect(LAMBDA_RUNTIME.name).toBe(newest!.name);
    for (const fn of Object.values(functions)) {
      expect(fn.Properties).toMatchObject({ Runtime: LAMBDA_RUNTIME.name, Architectures: ['arm64'], Handler: 'index.handler' });
    }
  });

  it('have modest memory, and the route table’s time to finish before API Gateway gives up (30 s)', () => {
    for (const fn of Object.values(functions)) expect(fn.Properties.MemorySize).toBeLessThanOrEqual(512);
    for (const name of HANDLER_NAMES) expect(functions[functionId(name)]!.Properties.Timeout).toBeLessThan(30);
  });

  it('give the worker the time a sweep takes at its slowest', () => {
    expect(functions[functionId(WORKER_HANDLER)]!.Properties.Timeout).toBe(DELIVERY_TIMEOUT_SECONDS);
  });

  it('give the contact function the time its dependencies may take at worst, and more', () => {
    const timeout = Number(functions[functionId('contact')]?.Properties.Timeout);
    expect(timeout).toBe(CONTACT_TIMEOUT_SECONDS);
    // middy answers 503 before the timeout: the SDK must have given up by then.
    expect(WORST_CASE_DEPENDENCY_MS).toBeLessThan(timeout * 1000 - EARLY_TIMEOUT_MS);
  });

  it('start without Node parsing their source maps: a logged crash maps its own frames (lambdas/http/stack-frames.ts)', () => {
    for (const fn of Object.values(functions)) {
      expect((fn.Properties.Environment as { Variables?: object } | undefined)?.Variables ?? {}).not.toHaveProperty('NODE_OPTIONS');
    }
  });

  it('each write to a log group of their own that keeps three months', () => {
    const logGroups = resourcesOfType(template, 'AWS::Logs::LogGroup');
    const targets = Object.values(functions).map((fn) => (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref);
    expect(new Set(targets).size).toBe(targets.length);
    for (const target of targets) expect(logGroups[target]).toBeDefined();
    for (const group of Object.values(logGroups)) expect(group.Properties.RetentionInDays).toBe(90);
  });

  it('get the configured settings, the contact function its tables, and no address', () => {
    expect(functions[functionId('contact')]!.Properties.Environment).toEqual({
      Variables: {
        BASE_URL: 'https://example.com',
        SITE_NAME: 'Ada Lovelace',
        ALLOWED_ORIGINS: 'https://example.com,https://www.example.com',
        RATE_LIMIT_IP: '5',
        RATE_LIMIT_EMAIL: '3',
        EXTRA_FIELDS: '{}',
        COUNTER_TABLE: { Ref: site.logicalId(stack.counterTable) },
        COUNTER_KEY_SECRET: keyReference('counterKey'),
        FORM_TOKEN_SECRET: keyReference('formTokenKey'),
        INQUIRY_TABLE: { Ref: site.logicalId(stack.inbox.table) },
        ORIGIN_VERIFY_DIGESTS: keyReference('originVerifyDigests'),
        SPAM_REPEAT_LIMIT: '2',
        SPAM_LINK_LIMIT: '5',
        FORM_MIN_SECONDS: '3',
        // Unset: the service's own look and confirmation page.
        PAGE_STYLESHEET: '',
        FORM_SUCCESS_PATH: '',
        // Unset: the service's own form.
        FORM_PAGE: '',
        FORM_PAGE_FILE: '',
        FORM_PAGE_ORIGIN: '',
        OTHER_FORM_PAGES: '',
      },
    });
  });

  it('give an existing site’s form page to the page function (its path) and to the contact function (its path, and the site it is fetched from), bundling none', () => {
    const existing = synthesizeSite({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io', formPage: '/contact/' });
    const variables = (name: FunctionName) =>
      (resourcesOfType(existing.template, 'AWS::Lambda::Function')[existing.logicalId(existing.stack.functions.get(name)!)]!.Properties.Environment as {
        Variables: Record<string, unknown>;
      }).Variables;
    expect(variables('page')).toMatchObject({ FORM_PAGE: '/contact/' });
    expect(variables('contact')).toMatchObject({ FORM_PAGE: '/contact/', FORM_PAGE_FILE: '', FORM_PAGE_ORIGIN: 'https://you.github.io', OTHER_FORM_PAGES: '' });
    existing.template.hasOutput(SITE_OUTPUTS.formPageDigest, { Value: NO_FILE });
  });

  it('give the owner’s form page, found in siteDir at synth, to the page function (its path) and to the contact function (its path, and its copy in the bundle), and the thank-you page its form names to both', () => {
    const siteDir = siteFolder({
      'contact/index.html': ownerFormPage({ successPath: '/thanks/' }),
      'thanks/index.html': 'Thanks',
      'fr/contact/index.html': ownerFormPage({ successPath: '/fr/merci/' }).replace('/css/site.css', '/fr/style%20fr.css'),
      'fr/merci/index.html': 'Merci',
    });
    const owned = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir });
    const variables = (name: FunctionName) =>
      (resourcesOfType(owned.template, 'AWS::Lambda::Function')[owned.logicalId(owned.stack.functions.get(name)!)]!.Properties.Environment as {
        Variables: Record<string, unknown>;
      }).Variables;
    expect(variables('page')).toMatchObject({ FORM_PAGE: '/contact/', FORM_SUCCESS_PATH: '/thanks/' });
    expect(variables('page')).not.toHaveProperty('FORM_PAGE_FILE');
    expect(variables('contact')).toMatchObject({
      FORM_PAGE: '/contact/',
      FORM_PAGE_FILE: BUNDLED_FORM_PAGE,
      FORM_SUCCESS_PATH: '/thanks/',
      // The other contact page, which answers the posts sent from it, and its copy in the bundle.
      OTHER_FORM_PAGES: '[["/fr/contact/","form-page-1.html","/fr/merci/"]]',
    });
    for (const name of FUNCTION_NAMES.filter((other) => other !== 'page' && other !== 'contact')) {
      expect({ name, keys: Object.keys(variables(name)).filter((key) => key.includes('FORM_PAGE')) }).toEqual({ name, keys: [] });
    }
    // Publish's digest of the bundle's pages: the form page's and the other's.
    const config = readSiteConfig(owned.app);
    const answering = answeringContactPages(config.formPage, config.otherContactPages).answering;
    owned.template.hasOutput(SITE_OUTPUTS.formPageDigest, { Value: formPageDigest(config.formPage, answering) });
    expect(formPageDigest(config.formPage, answering)).not.toBe(formPageDigest(config.formPage));
    // And what those pages load of the site, which publish keeps till the next deploy.
    owned.template.hasOutput(SITE_OUTPUTS.formPageLoads, { Value: JSON.stringify(['css/site.css', 'fr/style fr.css']) });
    // What the bundling runs after esbuild: the page copied from siteDir beside the contact function's code.
    const hooks = handlerBundling('lambdas/contact', [], { [BUNDLED_FORM_PAGE]: join(siteDir, 'contact/index.html') }).commandHooks;
    expect(hooks?.afterBundling('/in', '/out')).toEqual([`cp '${join(siteDir, 'contact/index.html')}' '/out/${BUNDLED_FORM_PAGE}'`]);
    expect(handlerBundling('lambdas/x', [], { 'a.html': "/it's here/a.html" }).commandHooks?.afterBundling('/in', '/out')).toEqual([`cp '/it'\\''s here/a.html' '/out/a.html'`]);
  });

  it('give the owner’s style sheet to the functions that draw pages, and the thank-you page to the one that answers the form and the one whose confirmation leads there', () => {
    const owned = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'thanks/index.html': 'Thanks', 'site.css': 'body {}' }), pageStylesheet: '/site.css', formSuccessPath: '/thanks/' });
    const variables = (name: FunctionName) =>
      (resourcesOfType(owned.template, 'AWS::Lambda::Function')[owned.logicalId(owned.stack.functions.get(name)!)]!.Properties.Environment as {
        Variables: Record<string, unknown>;
      }).Variables;
    expect(variables('page')).toMatchObject({ PAGE_STYLESHEET: '/site.css', FORM_SUCCESS_PATH: '/thanks/' });
    expect(variables('contact')).toMatchObject({ PAGE_STYLESHEET: '/site.css', FORM_SUCCESS_PATH: '/thanks/' });
    for (const name of FUNCTION_NAMES.filter((other) => other !== 'page' && other !== 'contact')) {
      expect({ name, keys: Object.keys(variables(name)).filter((key) => key === 'PAGE_STYLESHEET' || key === 'FORM_SUCCESS_PATH') }).toEqual({ name, keys: [] });
    }
  });

  it('give the worker the inbox, the addresses, the configuration set, a retry unit of a minute, the retention, the mails’ time zone and language, and the hour’s mails', () => {
    expect(functions[functionId(WORKER_HANDLER)]!.Properties.Environment).toEqual({
      Variables: {
        INQUIRY_TABLE: { Ref: site.logicalId(stack.inbox.table) },
        COUNTER_TABLE: { Ref: site.logicalId(stack.counterTable) },
        MAX_MAILS_PER_HOUR: '20',
        CONTACT_TO: 'you@example.com',
        CONTACT_FROM: 'contact@example.com',
        SITE_NAME: 'Ada Lovelace',
        SES_CONFIGURATION_SET: { Ref: site.logicalId(stack.mail.configurationSet) },
        DELIVERY_RETRY_SECONDS: '60',
        RETENTION_DAYS: '30',
        MAIL_TIME_ZONE: 'UTC',
        MAIL_LANGUAGE: 'en',
        MAIL_SUBJECT: '',
      },
    });
  });
});

describe('the tables', () => {
  it('are the counters and the inbox', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 2);
  });

  it('keep the inbox on demand, by its own key, expiring by TTL, with its stream and its queue index, kept when the stack goes', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: INBOX_PARTITION_KEY, KeyType: 'HASH' }],
        TimeToLiveSpecification: { AttributeName: INBOX_TTL_ATTRIBUTE, Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        GlobalSecondaryIndexes: [
          {
            IndexName: QUEUE_INDEX.name,
            KeySchema: [
              { AttributeName: QUEUE_INDEX.partitionKey, KeyType: 'HASH' },
              { AttributeName: QUEUE_INDEX.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...QUEUE_INDEX.projected] },
          },
        ],
      },
    });
  });

  it('keep counters on demand, keyed by the counter id alone, expiring by TTL, gone with the stack', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      UpdateReplacePolicy: 'Delete',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: COUNTER_PARTITION_KEY, KeyType: 'HASH' }],
        TimeToLiveSpecification: { AttributeName: COUNTER_TTL_ATTRIBUTE, Enabled: true },
        GlobalSecondaryIndexes: Match.absent(),
      },
    });
  });
});

describe('permissions', () => {
  it('use no managed policy', () => {
    for (const role of Object.values(resourcesOfType(template, 'AWS::IAM::Role'))) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('name every action and resource: no wildcard anywhere', () => {
    const statements = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).flatMap(
      (policy) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> }).Statement,
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(JSON.stringify(statement.Action)).not.toContain('*');
      // Literal ARN parts only: tokens such as { Ref } or { Fn::GetAtt } name one resource.
      const literals = JSON.stringify(statement.Resource).match(/"[^"]*"/g) ?? [];
      for (const literal of literals) expect(literal).not.toContain('*');
    }
  });

  const identityArn = (identity: string) => ({
    'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:identity/${identity}`]],
  });
  const logWrites = (handlerName: FunctionName) => {
    const fn = template.toJSON().Resources[functionId(handlerName)] as TemplateResource;
    const logGroupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    return { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } };
  };

  const inboxArn = { 'Fn::GetAtt': [site.logicalId(stack.inbox.table), 'Arn'] };

  it('let the contact function update counters, store inquiries and remember answers, and write its logs: no mail, nothing else', () => {
    expect(statementsOf('contact')).toEqual([
      logWrites('contact'),
      { Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: { 'Fn::GetAtt': [site.logicalId(stack.counterTable), 'Arn'] } },
      { Effect: 'Allow', Action: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], Resource: inboxArn },
    ]);
  });

  it('let the worker read the inbox stream, move inquiries, count the hour’s mails, read the queue, send from the sender identity with the set to the owner alone, and write its logs: nothing else', () => {
    const statements = statementsOf(WORKER_HANDLER);
    expect(statements.slice(0, 4)).toEqual([
      logWrites(WORKER_HANDLER),
      { Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: [{ 'Fn::GetAtt': [site.logicalId(stack.counterTable), 'Arn'] }, inboxArn] },
      { Effect: 'Allow', Action: 'dynamodb:Query', Resource: { 'Fn::Join': ['', [inboxArn, `/index/${QUEUE_INDEX.name}`]] } },
      {
        Effect: 'Allow',
        Action: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'],
        Resource: { 'Fn::GetAtt': [site.logicalId(stack.inbox.table), 'StreamArn'] },
      },
    ]);
    expect(statements).toContainEqual(
        {
          Effect: 'Allow',
          Action: 'ses:SendEmail',
          // In the SES sandbox the recipient's identity is checked too; the configuration set is a resource of the send.
          Resource: [
            {
              'Fn::Join': [
                '',
                [
                  'arn:',
                  { Ref: 'AWS::Partition' },
                  ':ses:',
                  { Ref: 'AWS::Region' },
                  ':',
                  { Ref: 'AWS::AccountId' },
                  ':configuration-set/',
                  { Ref: site.logicalId(stack.mail.configurationSet) },
                ],
              ],
            },
            ...['contact@example.com', 'example.com', 'you@example.com'].map(identityArn),
          ],
          Condition: {
            StringEquals: { 'ses:FromAddress': 'contact@example.com' },
            'ForAllValues:StringEquals': { 'ses:Recipients': ['you@example.com'] },
          },
        },
    );
    expect(statements).toHaveLength(5);
  });

  it('let the mcp function update the same counters, store inquiries in the same inbox, and write its logs: no key, no mail, nothing else (docs/api.md §17)', () => {
    expect(statementsOf('mcp')).toEqual([
      logWrites('mcp'),
      { Effect: 'Allow', Action: 'dynamodb:UpdateItem', Resource: { 'Fn::GetAtt': [site.logicalId(stack.counterTable), 'Arn'] } },
      { Effect: 'Allow', Action: 'dynamodb:PutItem', Resource: inboxArn },
    ]);
  });

  it.each(HANDLER_NAMES.filter((name) => name !== 'contact' && name !== 'mcp').map((name) => [name]))(
    'let the %s function write its own logs and nothing else',
    (name) => {
      expect(statementsOf(name)).toEqual([logWrites(name)]);
    },
  );

  it('let the keeper of the deployment’s keys read and put versions of its secret, and write its logs: nothing else', () => {
    const fn = template.toJSON().Resources[keeperId] as TemplateResource;
    const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
      .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement);
    const logGroupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    expect(statements).toEqual([
      { Effect: 'Allow', Action: ['logs:CreateLogStream', 'logs:PutLogEvents'], Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } },
      { Effect: 'Allow', Action: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], Resource: { Ref: site.logicalId(stack.keys.secret) } },
    ]);
  });

  it('let API Gateway invoke each function of the route table only from this API, and the sweep’s rule the worker only (the digest’s schedule invokes it with a role of its own)', () => {
    const apiId = site.logicalId(stack.api);
    const schedules = Object.values(resourcesOfType(template, 'AWS::Lambda::Permission')).filter(
      (permission) => permission.Properties.Principal === 'events.amazonaws.com',
    );
    expect(schedules).toHaveLength(1);
    for (const schedule of schedules) {
      expect(schedule.Properties).toMatchObject({ Action: 'lambda:InvokeFunction', FunctionName: { 'Fn::GetAtt': [functionId(WORKER_HANDLER), 'Arn'] } });
    }
    for (const permission of Object.values(resourcesOfType(template, 'AWS::Lambda::Permission'))) {
      if (schedules.includes(permission)) continue;
      expect(permission.Properties).toMatchObject({ Principal: 'apigateway.amazonaws.com', Action: 'lambda:InvokeFunction' });
      expect(JSON.stringify(permission.Properties.SourceArn)).toContain(JSON.stringify({ Ref: apiId }));
    }
  });
});

describe('alarms (docs/api.md §12)', () => {
  const topicRef = { Ref: Object.keys(resourcesOfType(template, 'AWS::SNS::Topic'))[0] };
  const alarms = Object.values(resourcesOfType(template, 'AWS::CloudWatch::Alarm'));
  const filters = Object.values(resourcesOfType(template, 'AWS::Logs::MetricFilter'));
  const logGroupOf = (handlerName: FunctionName) => ({ Ref: site.logicalId(stack.functions.get(handlerName)!.logGroup) });
  const accessLogGroup = { Ref: Object.keys(resourcesOfType(template, 'AWS::Logs::LogGroup')).find((id) => id.startsWith('HttpAccessLogs')) };

  it('mail the owner through an SNS topic that only takes TLS and this account’s alarms', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'you@example.com', TopicArn: topicRef });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: [
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
        ],
      },
    });
  });

  it('are the four of SITE_ALARMS, each on one metric of its own name in the service’s namespace, mailed when they fire and clear', () => {
    expect(alarms.map((alarm) => alarm.Properties.AlarmName).sort()).toEqual(Object.keys(SITE_ALARMS).map((name) => `PersonalSite-${name}`).sort());
    for (const [name, description] of Object.entries(SITE_ALARMS)) {
      expect(alarms).toContainEqual(
        expect.objectContaining({
          Properties: expect.objectContaining({
            AlarmName: `PersonalSite-${name}`,
            AlarmDescription: description,
            Namespace: METRICS_NAMESPACE,
            MetricName: name,
            Statistic: 'Sum',
            Period: 300,
            Threshold: 1,
            ComparisonOperator: 'GreaterThanOrEqualToThreshold',
            TreatMissingData: 'notBreaching',
            AlarmActions: [topicRef],
            OKActions: [topicRef],
          }),
        }),
      );
    }
    for (const alarm of alarms) expect(alarm.Properties.Dimensions).toBeUndefined();
  });

  it('are fed, signal by signal, by a metric filter on each log group the signal is written to', () => {
    const expected = ALARM_SIGNALS.flatMap((signal) =>
      (signal.logs === 'access' ? [accessLogGroup] : FUNCTION_NAMES.map(logGroupOf)).map((logGroup) => ({
        LogGroupName: logGroup,
        FilterPattern: signal.pattern.logPatternString,
        MetricTransformations: [{ MetricNamespace: METRICS_NAMESPACE, MetricName: signal.alarm, MetricValue: '1' }],
      })),
    );
    expect(filters.map((filter) => filter.Properties)).toEqual(expect.arrayContaining(expected));
    expect(filters).toHaveLength(expected.length);
  });

  it('mail the owner at the first request refused without the front door’s header, from the log of every function behind the API', () => {
    const alarm = alarms.find((candidate) => candidate.Properties.AlarmName === 'PersonalSite-ApiCalledDirectly');
    expect(alarm?.Properties).toMatchObject({ MetricName: 'ApiCalledDirectly', Threshold: 1, AlarmActions: [topicRef] });
    const fed = filters.filter((filter) => (filter.Properties.MetricTransformations as Array<{ MetricName: string }>)[0]!.MetricName === 'ApiCalledDirectly');
    expect(fed.map((filter) => filter.Properties.FilterPattern)).toEqual(FUNCTION_NAMES.map(() => '{ $.ApiCalledDirectly > 0 }'));
    expect(fed.map((filter) => filter.Properties.LogGroupName)).toEqual(expect.arrayContaining(HANDLER_NAMES.map(logGroupOf)));
  });

  it('count every 5xx of the API, and the 429s of the routes’ throttles, from its access log', () => {
    const accessFilters = filters.filter((filter) => JSON.stringify(filter.Properties.LogGroupName) === JSON.stringify(accessLogGroup));
    expect(accessFilters.map((filter) => [filter.Properties.FilterPattern, (filter.Properties.MetricTransformations as Array<{ MetricName: string }>)[0]!.MetricName])).toEqual([
      ['{ $.status = "5*" }', 'ServiceFailures'],
      ['{ ($.status = "429") && ($.integrationStatus = "-") }', 'Flooding'],
    ]);
  });

  it('mail the owner each inquiry SES accepted and then could not deliver, with no address or subject in the mail', () => {
    const setRef = { Ref: site.logicalId(stack.mail.configurationSet) };
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: setRef,
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: Match.arrayEquals(['bounce', 'complaint', 'reject']),
        EventBridgeDestination: { EventBusArn: Match.anyValue() },
      },
    });
    const rule = Object.values(resourcesOfType(template, 'AWS::Events::Rule')).find((candidate) => candidate.Properties.EventPattern !== undefined);
    expect(rule!.Properties.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': Object.keys(UNDELIVERED_MAIL_EVENTS),
      detail: { mail: { tags: { 'ses:configuration-set': [setRef] } } },
    });
    const [target] = rule!.Properties.Targets as Array<{ Arn: unknown; RoleArn: unknown; InputTransformer: { InputPathsMap: Record<string, string> } }>;
    expect(target!.Arn).toEqual(topicRef);
    expect(target!.RoleArn).toBeDefined();
    expect(Object.values(target!.InputTransformer.InputPathsMap).sort()).toEqual(['$.detail-type', '$.detail.mail.messageId', '$.time']);
  });
});

describe('the SES configuration set (docs/api.md §12)', () => {
  it('sends without the account suppression list, so a bounce of the owner\'s mailbox never hides later inquiries', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    template.hasResourceProperties('AWS::SES::ConfigurationSet', { SuppressionOptions: { SuppressedReasons: [] } });
  });

  it('publishes every sending event to CloudWatch, under the set\'s own name', () => {
    const setRef = { Ref: site.logicalId(stack.mail.configurationSet) };
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: setRef,
      EventDestination: {
        Enabled: true,
        // A rendering failure comes of a templated send only: the service sends none.
        MatchingEventTypes: Match.arrayEquals(['send', 'delivery', 'bounce', 'complaint', 'reject', 'deliveryDelay']),
        CloudWatchDestination: {
          DimensionConfigurations: [
            { DimensionName: MAIL_METRIC_DIMENSION, DimensionValueSource: 'messageTag', DefaultDimensionValue: setRef },
          ],
        },
      },
    });
  });
});

describe('the delivery worker (docs/api.md §14)', () => {
  it('is fed the inbox stream’s pending inquiries, in small batches, reporting the records it failed', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId(WORKER_HANDLER) },
      EventSourceArn: { 'Fn::GetAtt': [site.logicalId(stack.inbox.table), 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: STREAM_BATCH_SIZE,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(PENDING_STREAM_FILTER) }] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('is handed a sweep every minute', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [{ Arn: { 'Fn::GetAtt': [functionId(WORKER_HANDLER), 'Arn'] }, Id: Match.anyValue(), Input: JSON.stringify({ task: 'sweep' }) }],
    });
  });

  it('is handed the digest of held inquiries once a day, at 08:00 UTC unless the owner names a time zone (docs/api.md §15)', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 8 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: { 'Fn::GetAtt': [functionId(WORKER_HANDLER), 'Arn'] }, RoleArn: Match.anyValue(), Input: JSON.stringify({ task: 'digest' }) },
    });
    // The schedule's only rule is the sweep's: no second run of the digest at 08:00 UTC.
    expect(Object.values(resourcesOfType(template, 'AWS::Events::Rule')).filter((rule) => rule.Properties.ScheduleExpression !== undefined)).toHaveLength(1);
  });

  it('is handed the digest at 08:00 in the owner’s time zone, by a role that may invoke the worker alone', () => {
    const owned = synthesizeSite({ ...MINIMAL_CONTEXT, timeZone: 'America/Los_Angeles' });
    const [schedule] = Object.values(resourcesOfType(owned.template, 'AWS::Scheduler::Schedule'));
    expect(schedule?.Properties).toMatchObject({ ScheduleExpression: 'cron(0 8 * * ? *)', ScheduleExpressionTimezone: 'America/Los_Angeles' });
    const roleId = ((schedule?.Properties.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn)['Fn::GetAtt'][0];
    expect(owned.template.toJSON().Resources[roleId].Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } }, ArnEquals: { 'aws:SourceArn': expect.anything() } },
      }),
    ]);
    const worker = owned.logicalId(owned.stack.functions.get(WORKER_HANDLER)!);
    const statements = Object.values(resourcesOfType(owned.template, 'AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement);
    expect(statements).toEqual([{ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: { 'Fn::GetAtt': [worker, 'Arn'] } }]);
  });
});

describe('outputs', () => {
  it('name the inbox for npm run inbox', () => {
    template.hasOutput('InquiryTableName', { Value: { Ref: site.logicalId(stack.inbox.table) } });
  });

  it('give the API URL, the secret to rotate, and each well-known URL from {base}', () => {
    template.hasOutput('ApiUrl', { Value: { 'Fn::GetAtt': [site.logicalId(stack.api), 'ApiEndpoint'] } });
    template.hasOutput('SecretArn', { Value: { Ref: site.logicalId(stack.keys.secret) } });
    const wellKnown = {
      OAuthProtectedResourceUrl: '/.well-known/oauth-protected-resource',
      OAuthAuthorizationServerUrl: '/.well-known/oauth-authorization-server',
      ApiCatalogUrl: '/.well-known/api-catalog',
      LlmsTxtUrl: '/llms.txt',
    };
    for (const [id, path] of Object.entries(wellKnown)) {
      template.hasOutput(id, { Value: `https://example.com${path}` });
    }
  });
});

describe('outputs npm run publish reads', () => {
  it('name the distribution, the settings and the form page the deployment was built from; without siteDir, no bucket', () => {
    template.hasOutput(SITE_OUTPUTS.distributionId, { Value: { Ref: site.logicalId(stack.frontDoor.distribution) } });
    template.hasOutput(SITE_OUTPUTS.settingsDigest, { Value: settingsDigest(readSiteConfig(site.app)) });
    template.hasOutput(SITE_OUTPUTS.formPageDigest, { Value: NO_FILE });
    template.hasOutput(SITE_OUTPUTS.formPageLoads, { Value: NO_FORM_PAGE_LOADS });
    expect(template.findOutputs(SITE_OUTPUTS.siteBucket)).toEqual({});
  });

  it('with siteDir, name its bucket, and give the form page by the SHA-256 of its bytes', () => {
    const page = ownerFormPage();
    const folder = siteFolder({ 'contact/index.html': page });
    const withSite = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: folder });
    withSite.template.hasOutput(SITE_OUTPUTS.siteBucket, { Value: { Ref: withSite.logicalId(withSite.stack.frontDoor.pages!.bucket!) } });
    withSite.template.hasOutput(SITE_OUTPUTS.formPageDigest, { Value: createHash('sha256').update(page).digest('hex') });
  });

  it('say what the pages publish that llms.txt links, as the discovery function alone is given it (docs/api.md §6)', () => {
    const documentsOf = (owned: typeof site) => {
      const variables = (name: FunctionName) =>
        (resourcesOfType(owned.template, 'AWS::Lambda::Function')[owned.logicalId(owned.stack.functions.get(name)!)]!.Properties.Environment as { Variables: Record<string, unknown> })
          .Variables;
      const given = FUNCTION_NAMES.filter((name) => 'SITE_DOCUMENTS' in variables(name));
      return { given, variable: variables('discovery').SITE_DOCUMENTS, output: owned.template.findOutputs(SITE_OUTPUTS.siteDocuments)[SITE_OUTPUTS.siteDocuments]?.Value };
    };
    expect(documentsOf(synthesizeSite(MINIMAL_CONTEXT))).toEqual({ given: ['discovery'], variable: '', output: 'none' });
    expect(documentsOf(synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder() }))).toEqual({ given: ['discovery'], variable: 'home,sitemap,markdown', output: 'home,sitemap,markdown' });
    expect(documentsOf(synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'sitemap.xml': '<urlset/>' }), sitemap: 'false', markdownPages: 'false' }))).toEqual({
      given: ['discovery'],
      variable: 'home,sitemap',
      output: 'home,sitemap',
    });
    expect(documentsOf(synthesizeSite({ ...MINIMAL_CONTEXT, siteOrigin: 'https://you.github.io' }))).toEqual({ given: ['discovery'], variable: 'home', output: 'home' });
  });

  it("give the owner's llms.txt to the discovery function alone, by its name in the bundle, and its SHA-256 as an output", () => {
    const own = '# Ada\n\nBridges.\n';
    const owned = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder({ 'llms.txt': own }) });
    const variables = (name: FunctionName) =>
      (resourcesOfType(owned.template, 'AWS::Lambda::Function')[owned.logicalId(owned.stack.functions.get(name)!)]!.Properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
    expect(FUNCTION_NAMES.filter((name) => 'OWN_LLMS_TXT_FILE' in variables(name))).toEqual(['discovery']);
    expect(variables('discovery').OWN_LLMS_TXT_FILE).toBe(BUNDLED_LLMS_TXT);
    owned.template.hasOutput(SITE_OUTPUTS.ownLlmsTxtDigest, { Value: createHash('sha256').update(own).digest('hex') });
    template.hasOutput(SITE_OUTPUTS.ownLlmsTxtDigest, { Value: NO_FILE });
    const withoutOwn = synthesizeSite({ ...MINIMAL_CONTEXT, siteDir: siteFolder() });
    expect(withoutOwn.template.findResources('AWS::Lambda::Function')[withoutOwn.logicalId(withoutOwn.stack.functions.get('discovery')!)]!.Properties.Environment.Variables.OWN_LLMS_TXT_FILE).toBe('');
  });
});

describe('SES identity (the README example; test/unit/infra/mail/sender-identity.test.ts has the rest)', () => {
  it('verifies the sender’s domain, on which the site is, rather than its address', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.com' });
  });
});

describe('the minimal configuration', () => {
  const minimal = synthesizeSite(MINIMAL_CONTEXT);

  it('publishes the distribution’s own domain as {base}, with the defaults of docs/api.md §7', () => {
    const distribution = { 'Fn::GetAtt': [minimal.logicalId(minimal.stack.frontDoor.distribution), 'DomainName'] };
    const base = { 'Fn::Join': ['', ['https://', distribution]] };
    minimal.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          BASE_URL: base,
          ALLOWED_ORIGINS: base,
          SITE_NAME: 'Personal site',
          RATE_LIMIT_IP: '5',
          RATE_LIMIT_EMAIL: '3',
        }),
      },
    });
    minimal.template.hasOutput('LlmsTxtUrl', { Value: { 'Fn::Join': ['', ['https://', distribution, '/llms.txt']] } });
  });

  it('creates no domain and no SES identity', () => {
    minimal.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    minimal.template.resourceCountIs('AWS::Route53::RecordSet', 0);
    minimal.template.resourceCountIs('AWS::SES::EmailIdentity', 0);
  });
});
