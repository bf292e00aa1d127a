import { DescribeAlarmsCommand, GetMetricStatisticsCommand, type CloudWatchClient, type MetricAlarm } from '@aws-sdk/client-cloudwatch';
import { paginateListSubscriptionsByTopic, type SNSClient } from '@aws-sdk/client-sns';
import { DEPLOY_COMMAND } from '../deploy-command.js';
import { terminalMinute } from '../terminal-time.js';
import { fail, ok, warn, type CheckResult } from './check.js';
import type { DeployedStack } from './deployed-stack.js';

/** What SNS says of a subscription that was never confirmed (ListSubscriptionsByTopic). */
const PENDING_CONFIRMATION = 'PendingConfirmation';

/**
 * The alarm topic of a stack (lib/observability/owner-alerts.ts): the owner's subscription must be confirmed, or
 * its alarms reach no one. A stack with alarms has a topic of its own, in its own region.
 */
export async function* subscriptionChecks(sns: SNSClient, stack: DeployedStack): AsyncGenerator<CheckResult> {
  for (const topicArn of stack.resources.get('AWS::SNS::Topic') ?? []) {
    const name = `alarm mails of ${stack.name} (${stack.region})`;
    const subscriptions = [];
    for await (const page of paginateListSubscriptionsByTopic({ client: sns }, { TopicArn: topicArn })) subscriptions.push(...(page.Subscriptions ?? []));
    const mails = subscriptions.filter((subscription) => subscription.Protocol === 'email');
    const confirmed = mails.filter((subscription) => subscription.SubscriptionArn !== PENDING_CONFIRMATION);
    const pending = mails.filter((subscription) => subscription.SubscriptionArn === PENDING_CONFIRMATION);
    if (confirmed.length > 0) {
      yield ok(name, `confirmed by ${confirmed.map((subscription) => subscription.Endpoint).join(', ')}`);
    } else if (pending.length > 0) {
      const to = pending.map((subscription) => subscription.Endpoint).join(', ');
      yield fail(
        name,
        `not confirmed by ${to}: until then its alarms reach no one`,
        `click the link of "AWS Notification - Subscription Confirmation" sent to ${to} (look in spam); after 3 days it expires: aws sns subscribe --region ${stack.region} --topic-arn ${topicArn} --protocol email --notification-endpoint ${to}`,
      );
    } else {
      yield fail(
        name,
        'no one is subscribed (the subscription was removed, or unsubscribed from a mail)',
        `aws sns subscribe --region ${stack.region} --topic-arn ${topicArn} --protocol email --notification-endpoint <your address>, then confirm the mail`,
      );
    }
  }
}

/**
 * Each alarm of a stack in OK, or without data yet; one in ALARM names why it fired and what it
 * watches. An alarm back in OK whose metric counted in the last hour is worth a look too: an
 * alarm looks at five minutes, the owner's last deploy was longer ago than that.
 */
export async function* alarmChecks(cloudWatch: CloudWatchClient, stack: DeployedStack, now: Date): AsyncGenerator<CheckResult> {
  const names = stack.resources.get('AWS::CloudWatch::Alarm') ?? [];
  if (names.length === 0) return;
  // DescribeAlarms takes up to 100 names a call: a stack has a handful.
  const { MetricAlarms = [] } = await cloudWatch.send(new DescribeAlarmsCommand({ AlarmNames: [...names], MaxRecords: 100 }));
  for (const name of names) {
    const alarm = MetricAlarms.find((candidate) => candidate.AlarmName === name);
    const label = `alarm ${name} (${stack.region})`;
    const watches = alarm?.AlarmDescription ?? "the alarm's description in CloudWatch says what it watches";
    if (alarm === undefined) {
      yield fail(label, 'not found in CloudWatch', `the stack lists it but CloudWatch does not: ${DEPLOY_COMMAND}`);
    } else if (alarm.StateValue === 'ALARM') {
      const since = alarm.StateUpdatedTimestamp === undefined ? 'a moment' : terminalMinute(alarm.StateUpdatedTimestamp.toISOString());
      yield fail(label, `ALARM since ${since}: ${alarm.StateReason ?? ''}`.trimEnd(), watches);
    } else if (alarm.StateValue === 'INSUFFICIENT_DATA') {
      yield warn(label, 'INSUFFICIENT_DATA: not evaluated yet', 'a new alarm is evaluated within minutes: run npm run verify again');
    } else {
      const counted = await lastHourSum(cloudWatch, alarm, now);
      yield counted > 0 ? warn(label, `${alarm.StateValue ?? 'OK'}, but its metric counted ${counted} in the last hour`, watches) : ok(label, alarm.StateValue ?? 'OK');
    }
  }
}

/** The sum of an alarm's metric over the hour before `now`. */
async function lastHourSum(cloudWatch: CloudWatchClient, alarm: MetricAlarm, now: Date): Promise<number> {
  if (alarm.MetricName === undefined || alarm.Namespace === undefined) return 0;
  const { Datapoints = [] } = await cloudWatch.send(
    new GetMetricStatisticsCommand({
      Namespace: alarm.Namespace,
      MetricName: alarm.MetricName,
      Dimensions: alarm.Dimensions,
      StartTime: new Date(now.getTime() - 3_600_000),
      EndTime: now,
      Period: 3600,
      Statistics: ['Sum'],
    }),
  );
  return Datapoints.reduce((sum, point) => sum + (point.Sum ?? 0), 0);
}
