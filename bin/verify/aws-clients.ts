import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import type { RegionClients } from './account-checks.js';

/** Each AWS call may take this long, and is tried twice at most: a check never hangs on the network. */
export const AWS_CALL_LIMITS = { maxAttempts: 2, requestHandler: { connectionTimeout: 5_000, requestTimeout: 10_000 } } as const;

/** The clients of one region, with the SDK's usual credential chain; the region's default when none is named. */
export function regionClients(region?: string): RegionClients {
  const config = { ...AWS_CALL_LIMITS, ...(region === undefined ? {} : { region }) };
  return {
    cloudFormation: new CloudFormationClient(config),
    ses: new SESv2Client(config),
    sns: new SNSClient(config),
    cloudWatch: new CloudWatchClient(config),
    logs: new CloudWatchLogsClient(config),
  };
}

export function destroyClients(clients: RegionClients): void {
  for (const client of Object.values(clients)) client.destroy();
}
