import { describe, expect, it } from '@jest/globals';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ROUTES } from '../../../../lambdas/routes.js';
import { API_THROTTLE } from '../../../../lib/api/site-api.js';
import { EDGE_RATE_LIMITS, UNKNOWN_ASN } from '../../../../lib/edge/edge-guard-stack.js';
import { serviceRouting } from '../../../../lib/front-door-paths.js';
import { siteFolder } from '../../../support/site-folder.js';
import { EXAMPLE_CONTEXT, EXAMPLE_ENV, resourcesOfType, synthesizeSite } from '../site-app.js';

/*
 * The web ACL of lib/edge/edge-guard-stack.ts (docs/api.md §10, "Flood guard"), as each plan has it.
 */

type Rule = Record<string, any>;

const edgeOf = (context: Readonly<Record<string, unknown>>) => Template.fromStack(synthesizeSite(context, { env: EXAMPLE_ENV }).edgeGuard!);
const withWaf = edgeOf({ ...EXAMPLE_CONTEXT, waf: true });
const onFreePlan = edgeOf({ ...EXAMPLE_CONTEXT, pricingPlan: 'free', siteDir: siteFolder() });
const onFreePlanWithWaf = edgeOf({ ...EXAMPLE_CONTEXT, pricingPlan: 'free', waf: true });

function rulesOf(edge: Template): Rule[] {
  const acls = Object.values(resourcesOfType(edge, 'AWS::WAFv2::WebACL'));
  expect(acls).toHaveLength(1);
  return acls[0]!.Properties.Rules as Rule[];
}

/**
 * What AWS's table of the flat-rate plans' features ("CloudFront flat-rate pricing plans",
 * CloudFront Developer Guide) grants the Free plan: IP-based rate limiting. So one statement type,
 * the rate-based one, aggregating by the request's address alone; header-based filtering (Pro and
 * up), regex-based (Business and up), string matches, the ASN key and a custom response are not in
 * it, and AWS WAF refuses them on the plan (WAFFeatureNotIncludedInPricingPlanException).
 */
const FREE_PLAN_STATEMENTS: ReadonlySet<string> = new Set(['RateBasedStatement']);
const FREE_PLAN_AGGREGATE_KEYS: ReadonlySet<string> = new Set(['IP']);

/** Every statement type anywhere in a web ACL's rules (nested in AND, OR, NOT and scope-downs included), and what each holds. */
function statementsIn(value: unknown, found: Array<[string, Record<string, unknown>]> = []): Array<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const item of value) statementsIn(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      // `Statement` holds a statement; every other key ending so is one: `RateBasedStatement`, `ScopeDownStatement`, `AndStatement`, …
      if (key !== 'Statement' && key.endsWith('Statement')) found.push([key, child as Record<string, unknown>]);
      statementsIn(child, found);
    }
  }
  return found;
}

/** What a web ACL's rules use beyond the Free plan's table, each named. */
function outsideFreePlan(rules: readonly Rule[]): string[] {
  const beyond = statementsIn(rules).flatMap(([type, statement]) => [
    ...(FREE_PLAN_STATEMENTS.has(type) ? [] : [type]),
    ...(type === 'RateBasedStatement' && !FREE_PLAN_AGGREGATE_KEYS.has(String(statement.AggregateKeyType)) ? [`AggregateKeyType ${String(statement.AggregateKeyType)}`] : []),
    ...(type === 'RateBasedStatement' && 'ForwardedIPConfig' in statement ? ['ForwardedIPConfig'] : []),
  ]);
  const answers = rules.flatMap((rule) => [
    ...(rule.Action?.Block?.CustomResponse === undefined ? [] : ['CustomResponse']),
    ...(rule.OverrideAction === undefined ? [] : ['OverrideAction']),
  ]);
  return [...beyond, ...answers];
}

describe('the web ACL with waf, on pay-as-you-go', () => {
  const rules = rulesOf(withWaf);

  it('blocks one IP over its limit on the service’s POST routes, a looser one on everything, one network on the service’s paths, and AWS’s IP reputation list, with 429', () => {
    expect(rules.map((rule) => rule.Name)).toEqual(['AwsIpReputation', 'ServicePostsPerIp', 'EverythingPerIp', 'ServiceRequestsPerNetwork']);
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

  it('holds a client rotating IPv6 addresses within its /64: one network, every address of it, on the paths that reach the API', () => {
    const perNetwork = rules.find((rule) => rule.Name === 'ServiceRequestsPerNetwork')!.Statement.RateBasedStatement;
    expect(perNetwork).toEqual({
      Limit: EDGE_RATE_LIMITS.serviceRequestsPerNetwork,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [{ ASN: {} }],
      ScopeDownStatement: { AndStatement: { Statements: [{ OrStatement: { Statements: expect.any(Array) } }, expect.any(Object)] } },
    });
    const [onServicePaths] = perNetwork.ScopeDownStatement.AndStatement.Statements;
    const matches = onServicePaths.OrStatement.Statements.map((statement: any) => [
      statement.ByteMatchStatement.PositionalConstraint,
      statement.ByteMatchStatement.SearchString,
    ]);
    // The uncached behaviours' own patterns: /api/* and the like by prefix, /contact exactly.
    expect(matches).toEqual(serviceRouting().uncachedPatterns.map((pattern) => (pattern.endsWith('/*') ? ['STARTS_WITH', pattern.slice(0, -1)] : ['EXACTLY', pattern])));
    for (const path of ['/api/contact', '/contact', '/agent/auth', '/oauth/token']) {
      expect(matches.some(([how, what]: [string, string]) => (how === 'EXACTLY' ? path === what : path.startsWith(what)))).toBe(true);
    }
    // Three requests a visit (page, schema, post): a hundred visitors of one network in five minutes, one request a second at most.
    expect(EDGE_RATE_LIMITS.serviceRequestsPerNetwork / 300).toBeLessThanOrEqual(API_THROTTLE.rateLimit / 10);
  });

  it('leaves out the addresses AWS WAF maps to no network (ASN 0), which would otherwise share one count', () => {
    const [, known] = rules.find((rule) => rule.Name === 'ServiceRequestsPerNetwork')!.Statement.RateBasedStatement.ScopeDownStatement.AndStatement.Statements;
    expect(UNKNOWN_ASN).toBe(0);
    expect(known).toEqual({ NotStatement: { Statement: { AsnMatchStatement: { AsnList: [0] } } } });
  });

  it('uses what the Free plan lacks, which the Free plan’s test below would name', () => {
    expect(outsideFreePlan(rules)).toEqual(
      expect.arrayContaining(['ManagedRuleGroupStatement', 'ScopeDownStatement', 'AndStatement', 'ByteMatchStatement', 'AsnMatchStatement', 'NotStatement', 'AggregateKeyType CUSTOM_KEYS', 'CustomResponse', 'OverrideAction']),
    );
  });
});

describe.each([
  ['the Free plan', onFreePlan],
  ['the Free plan with waf', onFreePlanWithWaf],
])('the web ACL on %s', (_plan, edge) => {
  const rules = rulesOf(edge);

  it('holds only what the plan’s table grants: IP-based rate limiting, every statement at every depth', () => {
    expect(outsideFreePlan(rules)).toEqual([]);
    expect(statementsIn(rules).map(([type]) => type)).toEqual(['RateBasedStatement']);
  });

  it('blocks one address over its limit on everything, with WAF’s own 403 (a custom response is a Pro feature), within the plan’s five rules', () => {
    expect(rules).toEqual([
      {
        Name: 'EverythingPerIp',
        Priority: 2,
        Action: { Block: {} },
        Statement: { RateBasedStatement: { Limit: EDGE_RATE_LIMITS.everything, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
        VisibilityConfig: { MetricName: 'EverythingPerIp', CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true },
      },
    ]);
    // One address alone is held to about 3 requests a second: below a route's throttle, which others share.
    expect(EDGE_RATE_LIMITS.everything / 300).toBeLessThan(API_THROTTLE.rateLimit / 2);
  });
});

describe('the edge’s alarm', () => {
  it('mails the owner when the edge blocks requests, saying what each plan’s rules block', () => {
    for (const [edge, blocked] of [
      [withWaf, /an address or a network flooded .* reputation list/],
      [onFreePlan, /^The edge blocked requests: an address flooded the site or the service\.$/],
    ] as const) {
      edge.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'you@example.com' });
      edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/WAFV2',
        MetricName: 'BlockedRequests',
        Threshold: 1,
        AlarmActions: [Match.anyValue()],
        AlarmDescription: Match.stringLikeRegexp(blocked.source),
      });
    }
  });
});
