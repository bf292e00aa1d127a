import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** Long enough to look back over a season of inquiries, short enough not to hoard request metadata. */
export const LOG_RETENTION = RetentionDays.THREE_MONTHS;
