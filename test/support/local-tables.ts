import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { OwnerInbox } from '../../bin/inbox/owner-inbox.js';
import { LOCAL_INQUIRY_TABLE } from '../../bin/local-tables.js';
import type { InquiryRecord } from '../../lambdas/inbox/inquiry-record.js';

/** Every item of a table in the DynamoDB emulator at `endpoint`, as DynamoDB returns them. */
export async function scanTable(endpoint: string, table: string): Promise<Array<Record<string, AttributeValue>>> {
  const client = localClient(endpoint);
  try {
    const { Items = [] } = await client.send(new ScanCommand({ TableName: table }));
    return Items;
  } finally {
    client.destroy();
  }
}

/** Every inquiry of local mode's inbox at `endpoint`, as `npm run inbox` reads them. */
export async function inboxRecords(endpoint: string): Promise<InquiryRecord[]> {
  const client = localClient(endpoint);
  try {
    return await new OwnerInbox(client, LOCAL_INQUIRY_TABLE).list();
  } finally {
    client.destroy();
  }
}

function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}
