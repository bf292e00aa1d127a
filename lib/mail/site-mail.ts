import { EventBus } from 'aws-cdk-lib/aws-events';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  EmailSendingEvent,
  EventDestination,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/** The CloudWatch dimension SES puts on every event metric of the set (AWS/SES namespace). */
export const MAIL_METRIC_DIMENSION = 'ConfigurationSet';

/**
 * The sending events the owner can see in CloudWatch: every step a message can reach or fail at.
 * Not a rendering failure, which only a templated send can have: the service sends none.
 */
const TRACKED_EVENTS = [
  EmailSendingEvent.SEND,
  EmailSendingEvent.DELIVERY,
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
  EmailSendingEvent.DELIVERY_DELAY,
];

/**
 * The events that mean an inquiry SES accepted never reached the owner, by the detail-type SES
 * gives them on EventBridge: each is mailed to the owner as it happens (lib/observability/observability.ts).
 */
export const UNDELIVERED_MAIL_EVENTS = {
  'Email Bounced': EmailSendingEvent.BOUNCE,
  'Email Complaint Received': EmailSendingEvent.COMPLAINT,
  'Email Rejected': EmailSendingEvent.REJECT,
} as const;

/**
 * The SES configuration set every inquiry is sent with (docs/api.md §12): its events reach
 * CloudWatch, and those of an undelivered inquiry EventBridge, so a 202 whose mail never arrived
 * is seen; and it does not use the account's suppression list, so one bounce of the owner's
 * mailbox does not swallow every later inquiry.
 */
export class SiteMail extends Construct {
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { disableSuppressionList: true });
    this.configurationSet.addEventDestination('CloudWatch', {
      destination: EventDestination.cloudWatchDimensions([
        {
          name: MAIL_METRIC_DIMENSION,
          // No message carries this tag: every event gets the default, the set's own name.
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: this.configurationSet.configurationSetName,
        },
      ]),
      events: TRACKED_EVENTS,
    });
    this.configurationSet.addEventDestination('EventBridge', {
      // SES publishes to the account's default bus only.
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: Object.values(UNDELIVERED_MAIL_EVENTS),
    });
  }
}
