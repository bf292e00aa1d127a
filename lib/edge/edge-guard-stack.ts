import { Stack, type StackProps } from 'aws-cdk-lib';
import { Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { METHODS_BY_PATH } from '../../lambdas/routes.js';
import { serviceRouting } from '../front-door-paths.js';
import { ALARM_PERIOD, OwnerAlerts } from '../observability/owner-alerts.js';

/**
 * Requests one client may send in five minutes (WAF counts per 5-minute window; its minimum is 10).
 * POSTs to the service, per address: far above a person filling the form (5 an hour count), far
 * below a flood. Everything, per address: a reader loading pages and their assets never comes
 * near it, and one address is held to about 3 requests a second, a third of one route's throttle.
 * The service's uncached paths, per network (an autonomous system, every address of one
 * operator, IPv6 and IPv4): a visit to the form is three such requests (the page, the schema its
 * script reads, the post), so a hundred visitors of one network in five minutes; one client
 * rotating its addresses, within its /64 or wider, is held to one request a second on average, a
 * tenth of one route's throttle.
 */
export const EDGE_RATE_LIMITS = { servicePosts: 20, everything: 1000, serviceRequestsPerNetwork: 300 } as const;
const WINDOW_SECONDS = 300;
const WEB_ACL_METRIC = 'PersonalSiteEdge';

/**
 * The autonomous system number AWS WAF gives an address it cannot map to a network ("Aggregating
 * rate-based rules" in the AWS WAF Developer Guide): left out of the per-network rule, as AWS
 * advises, so that every unmapped visitor does not share one count.
 */
export const UNKNOWN_ASN = 0;

export interface EdgeGuardStackProps extends StackProps {
  /** Subscribed to this stack's alarm topic: alarms notify a topic of their own region only. */
  readonly ownerEmail: string;
  /**
   * Whether the web ACL is the Free plan's, which holds what AWS's table of the plan's features
   * grants it (docs/api.md §10): one rate rule per address, with no scope-down and no other key,
   * answering with WAF's own 403 (a custom response, AWS's 429 here, is a Pro feature). On
   * pay-as-you-go (`waf`) it also counts POSTs to the service per address and the service's paths
   * per network, blocks the addresses on AWS's IP reputation list, and answers 429.
   */
  readonly freePlan: boolean;
}

/**
 * The front door's flood guard (docs/api.md §10): a web ACL of scope CLOUDFRONT, which AWS keeps in
 * us-east-1, hence a stack of its own there. Blocks a single address that floods the site or the
 * service before a route's throttle shares the refusal with everyone; on pay-as-you-go also a
 * single network that floods the service, and the addresses on AWS's reputation list.
 */
export class EdgeGuardStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeGuardStackProps) {
    super(scope, id, props);
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(WEB_ACL_METRIC),
      rules: props.freePlan ? freePlanRules() : payAsYouGoRules(),
    });
    this.webAclArn = webAcl.attrArn;

    const alerts = new OwnerAlerts(this, 'Owner', { ownerEmail: props.ownerEmail });
    alerts.alarm(
      this,
      'EdgeBlocked',
      new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: WEB_ACL_METRIC, Rule: 'ALL' },
        statistic: Stats.SUM,
        period: ALARM_PERIOD,
      }),
      props.freePlan
        ? 'The edge blocked requests: an address flooded the site or the service.'
        : 'The edge blocked requests: an address or a network flooded the site or the service, or an address on AWS’s reputation list called.',
    );
  }
}

/**
 * What AWS's table of the flat-rate plans' features ("CloudFront flat-rate pricing plans",
 * CloudFront Developer Guide) grants the Free plan: IP-based rate limiting. Matching a method or a
 * path (a string match), a header or a regex, and the ASN key, are other plans' features, and
 * AWS WAF refuses a web ACL that uses one (`WAFFeatureNotIncludedInPricingPlanException`, whose
 * `DisallowedFeature` names it): one rule per address, on everything, answered with WAF's own 403
 * (a custom response is a Pro feature too).
 */
function freePlanRules(): CfnWebACL.RuleProperty[] {
  return [everythingPerIp({ block: {} })];
}

/** With `waf`: AWS's IP reputation list, POSTs to the service per address, everything per address, the service's paths per network; 429, as the service itself answers a client over its limit. */
function payAsYouGoRules(): CfnWebACL.RuleProperty[] {
  const block: CfnWebACL.RuleActionProperty = { block: { customResponse: { responseCode: 429 } } };
  return [
    {
      name: 'AwsIpReputation',
      priority: 0,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' } },
      visibilityConfig: visibility('AwsIpReputation'),
    },
    rateRule(block, { name: 'ServicePostsPerIp', priority: 1, limit: EDGE_RATE_LIMITS.servicePosts, scopeDown: servicePostsStatement() }),
    everythingPerIp(block),
    rateRule(block, {
      name: 'ServiceRequestsPerNetwork',
      priority: 3,
      limit: EDGE_RATE_LIMITS.serviceRequestsPerNetwork,
      perNetwork: true,
      scopeDown: { andStatement: { statements: [uncachedServicePathsStatement(), fromAKnownNetwork()] } },
    }),
  ];
}

function everythingPerIp(action: CfnWebACL.RuleActionProperty): CfnWebACL.RuleProperty {
  return rateRule(action, { name: 'EverythingPerIp', priority: 2, limit: EDGE_RATE_LIMITS.everything });
}

/** A request whose address AWS WAF maps to a network: not ASN 0 (UNKNOWN_ASN). */
function fromAKnownNetwork(): CfnWebACL.StatementProperty {
  return { notStatement: { statement: { asnMatchStatement: { asnList: [UNKNOWN_ASN] } } } };
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { metricName, cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true };
}

interface RateRule {
  readonly name: string;
  readonly priority: number;
  readonly limit: number;
  /** Counted per autonomous system (AWS WAF's ASN key) rather than per address. */
  readonly perNetwork?: boolean;
  readonly scopeDown?: CfnWebACL.StatementProperty;
}

function rateRule(action: CfnWebACL.RuleActionProperty, rule: RateRule): CfnWebACL.RuleProperty {
  return {
    name: rule.name,
    priority: rule.priority,
    action,
    statement: {
      rateBasedStatement: {
        limit: rule.limit,
        evaluationWindowSec: WINDOW_SECONDS,
        // WAF cannot count per IPv6 /64 (its keys are an address or an ASN): a network is the
        // closest key a client rotating addresses within its prefix cannot leave.
        ...(rule.perNetwork ? { aggregateKeyType: 'CUSTOM_KEYS', customKeys: [{ asn: {} }] } : { aggregateKeyType: 'IP' }),
        ...(rule.scopeDown === undefined ? {} : { scopeDownStatement: rule.scopeDown }),
      },
    },
    visibilityConfig: visibility(rule.name),
  };
}

/** A POST to a path of the route table that takes POST: the list follows the table. */
function servicePostsStatement(): CfnWebACL.StatementProperty {
  const paths = [...METHODS_BY_PATH].filter(([, methods]) => methods.includes('POST')).map(([path]) => path);
  const pathIs = (path: string) => exactly({ uriPath: {} }, path);
  const isPost = exactly({ method: {} }, 'POST');
  const onPath = paths.length === 1 ? pathIs(paths[0]!) : { orStatement: { statements: paths.map(pathIs) } };
  return { andStatement: { statements: [isPost, onPath] } };
}

/**
 * A request to one of the front door's uncached behaviours (`/api/*`, `/contact`, …): every such
 * request reaches the API and one of its routes' throttles. The patterns are the distribution's own.
 */
function uncachedServicePathsStatement(): CfnWebACL.StatementProperty {
  const statements = serviceRouting().uncachedPatterns.map((pattern) => {
    const prefix = /^([^*?]*\/)\*$/.exec(pattern)?.[1];
    if (prefix !== undefined) return byteMatch({ uriPath: {} }, 'STARTS_WITH', prefix);
    if (/[*?]/.test(pattern)) throw new Error(`No byte match for the behaviour pattern ${pattern}: only a folder's /* or an exact path`);
    return exactly({ uriPath: {} }, pattern);
  });
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

function exactly(fieldToMatch: CfnWebACL.FieldToMatchProperty, searchString: string): CfnWebACL.StatementProperty {
  return byteMatch(fieldToMatch, 'EXACTLY', searchString);
}

function byteMatch(fieldToMatch: CfnWebACL.FieldToMatchProperty, positionalConstraint: 'EXACTLY' | 'STARTS_WITH', searchString: string): CfnWebACL.StatementProperty {
  return { byteMatchStatement: { fieldToMatch, positionalConstraint, searchString, textTransformations: [{ priority: 0, type: 'NONE' }] } };
}
