import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Metric, Stats, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, type MetricName } from '../lambdas/http/metrics.js';
import { SERVICE_NAME } from '../lambdas/http/service-name.js';
import { ALARM_PERIOD as PERIOD, OwnerAlerts } from './owner-alerts.js';
import { MAIL_METRIC_DIMENSION } from './site-mail.js';

export interface SiteAlarmsProps {
  /** Subscribed to the alarm topic (AWS mails a confirmation link first). */
  readonly ownerEmail: string;
  /** Each handler's function, by handler name. */
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly stage: IHttpStage;
  /** The SES configuration set inquiries are sent with (lib/site-mail.ts). */
  readonly configurationSetName: string;
  /** Requests the stage throttle refused. */
  readonly throttledRequests: IMetric;
}

/** SES events that mean an inquiry SES accepted did not reach the owner, with what each means. */
const UNDELIVERED_MAIL_EVENTS = {
  Bounce: 'An inquiry bounced: the owner\'s mailbox refused it. Check the address and the mailbox.',
  Complaint: 'An inquiry was marked as spam by the owner\'s mail provider.',
  Reject: 'SES rejected an inquiry it had accepted (it found a virus): the visitor was told it was sent.',
  RenderingFailure: 'SES could not render an inquiry: the visitor was told it was sent.',
} as const;

/**
 * The alarms a site owner needs, each notifying an SNS topic with the owner's e-mail subscribed:
 * a lost inquiry (the mail service failed, or may have), an inquiry SES accepted that bounced, was
 * complained about, rejected or could not be rendered, any function error, any 5xx answer of the
 * API, and any request the stage throttle refused (one client may be crowding out the others).
 */
export class SiteAlarms extends Construct {
  constructor(scope: Construct, id: string, props: SiteAlarmsProps) {
    super(scope, id);
    const alerts = new OwnerAlerts(this, 'Owner', { ownerEmail: props.ownerEmail });
    const alarm = (alarmId: string, metric: IMetric, description: string) => alerts.alarm(this, alarmId, metric, description);

    alarm(
      'InquiriesUndelivered',
      serviceMetric('InquiriesUndelivered'),
      'An inquiry could not be handed to SES for three days: it is kept in the inbox as failed (npm run inbox; npm run redeliver -- --failed).',
    );
    alarm(
      'DeliveryUnknown',
      serviceMetric('DeliveryUnknown'),
      'SES may or may not have taken an inquiry: it is never resent by itself. Check the mailbox, then npm run redeliver -- --unknown if it never came.',
    );
    for (const [name, fn] of props.functions) {
      alarm(
        `Errors-${name}`,
        fn.metricErrors({ period: PERIOD, statistic: Stats.SUM }),
        `The ${name} function failed (crash, timeout or failed start).`,
      );
    }
    for (const [event, description] of Object.entries(UNDELIVERED_MAIL_EVENTS)) {
      alarm(
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

/** A metric the handlers' request lines carry in EMF (lambdas/http/metrics.ts), with its dimensions. */
function serviceMetric(name: MetricName): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: SERVICE_NAME },
    statistic: Stats.SUM,
    period: PERIOD,
  });
}
