import { Stack } from 'aws-cdk-lib';
import { Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import { EventField, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { SnsTopic } from 'aws-cdk-lib/aws-events-targets';
import { FilterPattern, MetricFilter, type IFilterPattern, type ILogGroup, type JsonPattern } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { METRICS_NAMESPACE, type MetricName } from '../../lambdas/http/metrics.js';
import { UNDELIVERED_MAIL_EVENTS } from '../mail/site-mail.js';
import { ALARM_PERIOD as PERIOD, OwnerAlerts } from './owner-alerts.js';

/**
 * The owner's alarms (docs/api.md §12). Each watches one metric of its own name in the service's
 * namespace, without dimensions, that every signal of it feeds: an alarm costs the same whatever
 * feeds it, and a metric that receives nothing costs nothing.
 */
export const SITE_ALARMS = {
  ServiceFailures:
    'The service failed: an answer of 5xx (a dependency failed, or a handler crashed), or a function timed out or failed to start. See the Logs outputs.',
  InquiriesNeedAttention:
    'An inquiry needs you: SES refused it for three days, or alone in the daily digest while it took the others (failed), or may or may not have taken it (unknown); it is kept, never resent by itself. Or SES refused or could not take some of the digest (they stay held, for the next one). npm run inbox shows which; npm run redeliver sends one.',
  Flooding:
    'A flood: a route\'s throttle refused requests (429), keeping other visitors of that route out; or more inquiries than maxMailsPerHour were to be mailed in an hour, and the rest are held for the daily digest (npm run inbox shows them).',
  ApiCalledDirectly:
    'A request reached the API without the front door\'s header and was refused (403): someone calls the API\'s own endpoint (the ApiUrl output), which spends its routes\' throttles and is paid per request whatever the plan. Once is a probe (npm run verify makes one); if it goes on, move the API to a new host (README, The secret and the API\'s own endpoint). After a rotation of the header, an edge still sending a retired value is refused the same way.',
} as const;
export type SiteAlarmName = keyof typeof SITE_ALARMS;

/** A kind of log line that is one occurrence of an alarm's condition, and the log groups it is written to. */
export interface AlarmSignal {
  readonly alarm: SiteAlarmName;
  /** Every function's own log group, or the API's access log. */
  readonly logs: 'functions' | 'access';
  readonly pattern: IFilterPattern;
}

/**
 * Lines the Lambda platform writes (text log format) when an invocation or a start fails: the
 * timeout's own line, the REPORT and INIT_REPORT lines' status, a runtime or process that died
 * (out of memory, a crash), a handler that threw past the runtime.
 */
export const LAMBDA_FAILURE_TERMS = [
  'Task timed out',
  'Status: timeout',
  'Status: error',
  'Runtime exited with error',
  'Process exited before completing request',
  'Invoke Error',
] as const;

/** A log line of the functions (lambdas/http/request-log.ts) that carries one of the service's own metrics, in EMF. */
function carriesMetric(name: MetricName): JsonPattern {
  return FilterPattern.numberValue(`$.${name}`, '>', 0);
}

/** Which lines feed which alarm. A later signal of the same condition is one more entry here. */
export const ALARM_SIGNALS: readonly AlarmSignal[] = [
  // Every 5xx the stage answered: a 503 of a dependency, a 500 of a crash, and the platform's own for a failed invocation.
  { alarm: 'ServiceFailures', logs: 'access', pattern: FilterPattern.stringValue('$.status', '=', '5*') },
  // The same failures where no request reached the stage, as for a function run by a schedule.
  { alarm: 'ServiceFailures', logs: 'functions', pattern: FilterPattern.anyTerm(...LAMBDA_FAILURE_TERMS) },
  { alarm: 'ServiceFailures', logs: 'functions', pattern: carriesMetric('UnexpectedErrors') },
  // The front door stopped naming the client: every visitor would be counted as CloudFront's edge.
  { alarm: 'ServiceFailures', logs: 'functions', pattern: carriesMetric('ViewerAddressMissing') },
  // A request refused for want of the front door's header (docs/api.md §10).
  { alarm: 'ApiCalledDirectly', logs: 'functions', pattern: carriesMetric('ApiCalledDirectly') },
  // The delivery worker's lines (docs/api.md §14): an inquiry given up after the retry period, or
  // one whose send may or may not have happened.
  { alarm: 'InquiriesNeedAttention', logs: 'functions', pattern: carriesMetric('InquiriesUndelivered') },
  { alarm: 'InquiriesNeedAttention', logs: 'functions', pattern: carriesMetric('DeliveryUnknown') },
  // A digest some of whose inquiries SES refused or could not take (docs/api.md §15): they wait a day more.
  {
    alarm: 'InquiriesNeedAttention',
    logs: 'functions',
    pattern: FilterPattern.all(FilterPattern.stringValue('$.message', '=', 'digest'), FilterPattern.stringValue('$.outcome', '=', 'not_sent')),
  },
  // The delivery worker held an inquiry because the hour's mails were spent (docs/api.md §15).
  {
    alarm: 'Flooding',
    logs: 'functions',
    pattern: FilterPattern.all(carriesMetric('InquiriesHeld'), FilterPattern.stringValue('$.reason', '=', 'flood')),
  },
  // HTTP APIs have no throttle metric, and their 4xx count mixes in the contract's own 429s: a
  // throttled request is the 429 that no integration answered.
  {
    alarm: 'Flooding',
    logs: 'access',
    pattern: FilterPattern.all(FilterPattern.stringValue('$.status', '=', '429'), FilterPattern.stringValue('$.integrationStatus', '=', '-')),
  },
];

export interface SiteAlarmsProps {
  /** Subscribed to the alarm topic (AWS mails a confirmation link first). */
  readonly ownerEmail: string;
  /** Each function's log group, by handler name. */
  readonly functionLogs: ReadonlyMap<string, ILogGroup>;
  /** The API stage's access log. */
  readonly accessLogs: ILogGroup;
  /** The SES configuration set inquiries are sent with (lib/mail/site-mail.ts), whose events reach EventBridge. */
  readonly configurationSetName: string;
}

/**
 * The alarms a site owner needs (SITE_ALARMS), fed by metric filters on the logs (ALARM_SIGNALS),
 * each notifying an SNS topic with the owner's e-mail subscribed; and a mail for each inquiry SES
 * accepted and then could not deliver, straight from SES's events, which need no alarm.
 */
export class SiteAlarms extends Construct {
  constructor(scope: Construct, id: string, props: SiteAlarmsProps) {
    super(scope, id);
    const alerts = new OwnerAlerts(this, 'Owner', { ownerEmail: props.ownerEmail });
    for (const [alarm, description] of Object.entries(SITE_ALARMS) as Array<[SiteAlarmName, string]>) {
      const signals = ALARM_SIGNALS.filter((signal) => signal.alarm === alarm);
      signals.forEach((signal, index) => {
        const logGroups = signal.logs === 'access' ? new Map([['Access', props.accessLogs]]) : props.functionLogs;
        for (const [name, logGroup] of logGroups) {
          new MetricFilter(this, `${alarm}${index}${name}`, {
            logGroup,
            filterPattern: signal.pattern,
            metricNamespace: METRICS_NAMESPACE,
            metricName: alarm,
            metricValue: '1',
          });
        }
      });
      alerts.alarm(this, alarm, alarmMetric(alarm), description);
    }

    new Rule(this, 'UndeliveredMail', {
      description: 'An inquiry SES accepted bounced, was complained about or was rejected: the owner is mailed at once',
      eventPattern: {
        source: ['aws.ses'],
        detailType: Object.keys(UNDELIVERED_MAIL_EVENTS),
        detail: { mail: { tags: { 'ses:configuration-set': [props.configurationSetName] } } },
      },
      // The event's kind, time and SES message id: never the mail's addresses or subject. Published
      // with a role of this stack's, so the topic's policy lets no other EventBridge rule in.
      targets: [
        new SnsTopic(alerts.topic, {
          authorizeUsingRole: true,
          message: RuleTargetInput.fromText(
            `${Stack.of(this).stackName}: an inquiry SES accepted was not delivered (${EventField.fromPath('$.detail-type')}, ` +
              `${EventField.fromPath('$.time')}, SES message id ${EventField.fromPath('$.detail.mail.messageId')}). ` +
              'The visitor was told it was sent. Check the mailbox of the owner address; SES events are in CloudWatch under AWS/SES.',
          ),
        }),
      ],
    });
  }
}

/** The metric an alarm watches: the sum, over the alarm's period, of what its signals counted. */
export function alarmMetric(alarm: SiteAlarmName): Metric {
  return new Metric({ namespace: METRICS_NAMESPACE, metricName: alarm, statistic: Stats.SUM, period: PERIOD });
}
