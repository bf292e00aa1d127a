import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Metric, Stats, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, SERVICE_NAME, type MetricName } from '../lambdas/http/metrics.js';
import { ALARM_PERIOD as PERIOD, OwnerAlerts } from './owner-alerts.js';

export interface SiteAlarmsProps {
  /** Subscribed to the alarm topic (AWS mails a confirmation link first). */
  readonly ownerEmail: string;
  /** Each handler's function, by handler name. */
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly stage: IHttpStage;
  /** Requests the stage throttle refused. */
  readonly throttledRequests: IMetric;
}

/**
 * The alarms a site owner needs, each notifying an SNS topic with the owner's e-mail subscribed:
 * a lost inquiry (the mail service failed), any function error, any 5xx answer of the API, and
 * any request the stage throttle refused (one client may be crowding out the others).
 */
export class SiteAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: SiteAlarmsProps) {
    super(scope, id);
    const alerts = new OwnerAlerts(this, 'Owner', { ownerEmail: props.ownerEmail });
    this.topic = alerts.topic;
    const alarm = (alarmId: string, metric: IMetric, description: string) => alerts.alarm(this, alarmId, metric, description);

    alarm(
      'DeliveryFailures',
      serviceMetric('DeliveryFailures'),
      'An inquiry could not be handed to SES and was not delivered; the visitor was asked to retry.',
    );
    for (const [name, fn] of props.functions) {
      alarm(
        `Errors-${name}`,
        fn.metricErrors({ period: PERIOD, statistic: Stats.SUM }),
        `The ${name} function failed (crash, timeout or failed start).`,
      );
    }
    alarm(
      'Api5xx',
      props.stage.metricServerError({ period: PERIOD, statistic: Stats.SUM }),
      'The API answered 5xx: a dependency failed (503) or a handler crashed (500).',
    );
    alarm(
      'ApiThrottled',
      props.throttledRequests,
      'The API stage throttle refused requests (429): a flood, or more visitors than it allows, kept others out.',
    );
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
