import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { STREAM_BATCH_SIZE } from '../../lambdas/delivery/time-budget.js';
import { WORKER_TASKS } from '../../lambdas/delivery/worker-tasks.js';
import { INBOX_PARTITION_KEY, INBOX_TTL_ATTRIBUTE, PENDING_STREAM_FILTER, QUEUE_INDEX } from '../../lambdas/inbox/inquiry-record.js';

/** How often the sweep runs: the unit of the deployed retry delays (a minute). */
export const SWEEP_RATE = Duration.minutes(1);

/** When the digest of held inquiries goes out (docs/api.md §15): once a day, at 08:00 in the owner's time zone. */
export const DIGEST_CRON = 'cron(0 8 * * ? *)';

/**
 * The inbox (docs/api.md §14): the table that keeps each accepted inquiry until it reaches the
 * owner (and the remembered answers to Idempotency-Key beside them), and what feeds the delivery
 * worker from it: the table's stream, and a schedule that sweeps up retries and run-out claims.
 */
export class InquiryInbox extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: INBOX_PARTITION_KEY, type: AttributeType.STRING },
      timeToLiveAttribute: INBOX_TTL_ATTRIBUTE,
      billing: Billing.onDemand(),
      // The worker is fed by the new image of each write; the stream's own filter keeps it to pending ones.
      dynamoStream: StreamViewType.NEW_IMAGE,
      globalSecondaryIndexes: [
        {
          indexName: QUEUE_INDEX.name,
          partitionKey: { name: QUEUE_INDEX.partitionKey, type: AttributeType.STRING },
          sortKey: { name: QUEUE_INDEX.sortKey, type: AttributeType.NUMBER },
          projectionType: ProjectionType.INCLUDE,
          nonKeyAttributes: [...QUEUE_INDEX.projected],
        },
      ],
      // Inquiries not yet delivered live nowhere else: deleting the stack leaves the table, and its
      // owner deletes it when nothing in it is needed any more (README).
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.table).acknowledge({
      id: 'AwsSolutions-DDB3',
      reason:
        'A point-in-time backup would keep for 35 days the text of inquiries the owner chose to erase once delivered (retentionDays); undelivered ones are never deleted, and the table outlives the stack.',
    });
  }

  /** Lets the contact function store inquiries, and remember answers to Idempotency-Key (Powertools' put, get, update and delete). */
  grantAccept(grantee: IGrantable): void {
    // On the table alone: TableV2.grant would add its indexes, which storing never reads.
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [this.table.tableArn],
      }),
    );
  }

  /** Lets the MCP function store inquiries: it keeps no Idempotency-Key answers, so it only puts. */
  grantStore(grantee: IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [this.table.tableArn] }));
  }

  /**
   * Feeds the worker every write that leaves an inquiry pending, a sweep every SWEEP_RATE and the
   * digest once a day at 08:00 in the owner's `timeZone` (DIGEST_CRON); lets it move inquiries
   * and read the queues.
   */
  feed(worker: IFunction, timeZone: string): void {
    worker.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [this.table.tableArn] }));
    worker.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${this.table.tableArn}/index/${QUEUE_INDEX.name}`] }),
    );
    worker.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: STREAM_BATCH_SIZE,
        filters: [FilterCriteria.filter(PENDING_STREAM_FILTER)],
        // A record that keeps failing (the table failing) is let go: the inquiry is still pending
        // in the table, and the sweep takes it.
        retryAttempts: 2,
        reportBatchItemFailures: true,
      }),
    );
    new Rule(this, 'Sweep', {
      description: 'Every minute: the delivery worker retries what is due and ends run-out claims (docs/api.md §14)',
      schedule: Schedule.rate(SWEEP_RATE),
      targets: [new LambdaFunction(worker, { event: RuleTargetInput.fromObject(WORKER_TASKS.sweep) })],
    });
    this.scheduleDigest(worker, timeZone);
  }

  /**
   * The digest's schedule: EventBridge Scheduler's, not a rule's, whose cron is UTC's (08:00 UTC
   * is the middle of the night in the Americas); Scheduler keeps the owner's hour through summer
   * time. Its role may invoke the worker and nothing else: aws-scheduler-targets' LambdaInvoke
   * grants every version and alias too (`<arn>:*`), a wildcard this stack has nowhere.
   */
  private scheduleDigest(worker: IFunction, timeZone: string): void {
    const { account, region, partition } = Stack.of(this);
    const role = new Role(this, 'DigestScheduleRole', {
      description: 'EventBridge Scheduler invokes the delivery worker with it, for the daily digest',
      // Only this account's schedules (the default group's) may use it: no confused deputy.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnEquals: { 'aws:SourceArn': `arn:${partition}:scheduler:${region}:${account}:schedule-group/default` },
        },
      }),
    });
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.functionArn] }));
    const schedule = new CfnSchedule(this, 'Digest', {
      description: 'Once a day: the delivery worker mails the owner the inquiries held as suspected spam, if any (docs/api.md §15)',
      scheduleExpression: DIGEST_CRON,
      scheduleExpressionTimezone: timeZone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: { arn: worker.functionArn, roleArn: role.roleArn, input: JSON.stringify(WORKER_TASKS.digest) },
    });
    // Its first run finds the role's policy in place.
    schedule.node.addDependency(role);
  }
}
