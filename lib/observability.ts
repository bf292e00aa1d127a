import { Duration, Stack } from 'aws-cdk-lib';
import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, Metric, Stats, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, type MetricName } from '../lambdas/http/metrics.js';
import { SERVICE_NAME } from '../lambdas/http/service-name.js';
import { MAIL_METRIC_DIMENSION } from './site-mail.js';

export interface SiteAlarmsProps {
  /** Subscribed to the alarm topic (AWS mails a confirmation link first). */
  readonly ownerEmail: string;
  /** Each handler's function, by handler name. */
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly stage: IHttpStage;
  /** The SES configuration set inquiries are sent with (lib/site-mail.ts). */
  readonly configurationSetName: string;
}

/** SES events that mean an inquiry SES accepted did not reach the owner, with what each means. */
const UNDELIVERED_MAIL_EVENTS = {
  Bounce: 'An inquiry bounced: the owner\'s mailbox refused it. Check the address and the mailbox.',
  Complaint: 'An inquiry was marked as spam by the owner\'s mail provider.',
  Reject: 'SES rejected an inquiry it had accepted (it found a virus): the visitor was told it was sent.',
  RenderingFailure: 'SES could not render an inquiry: the visitor was told it was sent.',
} as const;

// A personal site sees a handful of requests an hour: a single failure is worth an e-mail.
const PERIOD = Duration.minutes(5);

/**
 * The alarms a site owner needs, each notifying an SNS topic with the owner's e-mail subscribed:
 * a lost inquiry (the mail service failed, or may have), an inquiry SES accepted that bounced, was
 * complained about, rejected or could not be rendered, any function error, and any 5xx answer.
 */
export class SiteAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: SiteAlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Personal site alarms', enforceSSL: true });
    // With enforceSSL the topic has a policy of its own, which replaces SNS's default one that
    // let CloudWatch publish: say again that this account's alarms may.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowThisAccountsAlarms',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.topic.addSubscription(new EmailSubscription(props.ownerEmail));

    this.alarm(
      'DeliveryFailures',
      serviceMetric('DeliveryFailures'),
      'An inquiry could not be handed to SES, or SES never answered whether it took it; the visitor was asked to retry or wait.',
    );
    for (const [name, fn] of props.functions) {
      this.alarm(
        `Errors-${name}`,
        fn.metricErrors({ period: PERIOD, statistic: Stats.SUM }),
        `The ${name} function failed (crash, timeout or failed start).`,
      );
    }
    for (const [event, description] of Object.entries(UNDELIVERED_MAIL_EVENTS)) {
      this.alarm(
        `Mail${event}`,
        new Metric({
          namespace: 'AWS/SES',
          metricName: event,
          dimensionsMap: { [MAIL_METRIC_DIMENSION]: props.configurationSetName },
          statistic: Stats.SUM,
          period: PERIOD,
        }),
        description,
      );
    }
    this.alarm(
      'Api5xx',
      props.stage.metricServerError({ period: PERIOD, statistic: Stats.SUM }),
      'The API answered 5xx: a dependency failed (503) or a handler crashed (500).',
    );
  }

  private alarm(id: string, metric: IMetric, description: string): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      alarmDescription: description,
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      // No traffic is no failure.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    return alarm;
  }
}

/** A metric the handlers emit through Powertools (lambdas/http/metrics.ts), with its dimensions. */
function serviceMetric(name: MetricName): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: SERVICE_NAME },
    statistic: Stats.SUM,
    period: PERIOD,
  });
}
