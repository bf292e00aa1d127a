import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

// A personal site sees a handful of requests an hour: a single failure is worth an e-mail.
export const ALARM_PERIOD = Duration.minutes(5);

/**
 * An SNS topic with the owner's e-mail subscribed, and alarms that notify it. An alarm notifies a
 * topic of its own region only: each stack that has alarms has one of these.
 */
export class OwnerAlerts extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { readonly ownerEmail: string }) {
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
  }

  /** An alarm named `<stack>-<id>`, on one occurrence or more in a period, mailed when it fires and when it clears. */
  alarm(scope: Construct, id: string, metric: IMetric, description: string): Alarm {
    const alarm = new Alarm(scope, id, {
      alarmName: `${Stack.of(scope).stackName}-${id}`,
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
