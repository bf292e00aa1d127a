import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { InquiryState } from '../../lambdas/inbox/inquiry-record.js';
import { OwnerInbox } from '../inbox/owner-inbox.js';

/** How many inquiries of each state but `sent` a table holds: what a stop of the in-memory tables loses unsent. */
export async function unsentInquiries(client: DynamoDBClient, tableName: string): Promise<ReadonlyMap<InquiryState, number>> {
  const unsent = new Map<InquiryState, number>();
  for (const { state } of await new OwnerInbox(client, tableName).list()) {
    if (state !== 'sent') unsent.set(state, (unsent.get(state) ?? 0) + 1);
  }
  return unsent;
}

/**
 * The last line of a stop (docs/api.md §7): what the in-memory tables took with them, by state,
 * held ones named; or where the inquiries stay, for a DynamoDB outside; or that they could not be
 * counted.
 */
export function stopLine(dropped: ReadonlyMap<InquiryState, number> | 'outside' | 'uncounted'): string {
  const keep = 'AWS_ENDPOINT_URL_DYNAMODB, pointed at a DynamoDB that outlives npm start, keeps them';
  if (dropped === 'outside') return 'Stopped. The inquiries stay in the DynamoDB of AWS_ENDPOINT_URL_DYNAMODB.';
  if (dropped === 'uncounted') return `Stopped. The in-memory tables are gone, with every inquiry not yet sent (they could not be counted); ${keep}.`;
  const total = [...dropped.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) return `Stopped. The in-memory tables are gone; no inquiry was waiting to be sent (${keep}).`;
  const states = [...dropped].sort(([, a], [, b]) => b - a).map(([state, count]) => `${count} ${state}`);
  return `Stopped. The in-memory tables are gone, with ${total} inquir${total === 1 ? 'y' : 'ies'} not yet sent (${states.join(', ')}); ${keep}.`;
}
