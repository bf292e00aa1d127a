import { Stack, type StackProps } from 'aws-cdk-lib';
import { Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { METHODS_BY_PATH } from '../lambdas/routes.js';
import { ALARM_PERIOD, OwnerAlerts } from './owner-alerts.js';

/**
 * Requests one IP may send in five minutes (WAF counts per 5-minute window; its minimum is 10).
 * POSTs to the service: far above a person filling the form (5 an hour count), far below a flood.
 * Everything: a reader loading pages and their assets never comes near it.
 */
export const EDGE_RATE_LIMITS = { servicePosts: 20, everything: 1000 } as const;
const WINDOW_SECONDS = 300;
const WEB_ACL_METRIC = 'PersonalSiteEdge';

export interface EdgeGuardStackProps extends StackProps {
  /** Subscribed to this stack's alarm topic: alarms notify a topic of their own region only. */
  readonly ownerEmail: string;
  /**
   * Whether the web ACL also blocks the addresses on AWS's IP reputation list, a managed rule
   * group: not on the Free plan, whose web ACL holds the rate rules alone.
   */
  readonly reputationList: boolean;
}

/**
 * The front door's flood guard (docs/api.md §10): a web ACL of scope CLOUDFRONT, which AWS keeps in
 * us-east-1, hence a stack of its own there. Blocks a single IP that floods the service before the
 * stage throttle shares the refusal with everyone, and the addresses on AWS's reputation list.
 */
export class EdgeGuardStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeGuardStackProps) {
    super(scope, id, props);
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(WEB_ACL_METRIC),
      rules: [
        ...(props.reputationList
          ? [
              {
                name: 'AwsIpReputation',
                priority: 0,
                overrideAction: { none: {} },
                statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' } },
                visibilityConfig: visibility('AwsIpReputation'),
              },
            ]
          : []),
        rateRule('ServicePostsPerIp', 1, EDGE_RATE_LIMITS.servicePosts, servicePostsStatement()),
        rateRule('EverythingPerIp', 2, EDGE_RATE_LIMITS.everything),
      ],
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
      'The edge blocked requests: an IP flooded the site or the service, or one on AWS’s reputation list called.',
    );
  }
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { metricName, cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true };
}

function rateRule(name: string, priority: number, limit: number, scopeDownStatement?: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    // 429, as the service itself answers a client over its limit.
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: {
      rateBasedStatement: {
        limit,
        evaluationWindowSec: WINDOW_SECONDS,
        aggregateKeyType: 'IP',
        ...(scopeDownStatement === undefined ? {} : { scopeDownStatement }),
      },
    },
    visibilityConfig: visibility(name),
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

function exactly(fieldToMatch: CfnWebACL.FieldToMatchProperty, searchString: string): CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: { fieldToMatch, positionalConstraint: 'EXACTLY', searchString, textTransformations: [{ priority: 0, type: 'NONE' }] },
  };
}
