import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';

/** Every item of a table in the DynamoDB emulator at `endpoint`, as DynamoDB returns them. */
export async function scanTable(endpoint: string, table: string): Promise<Array<Record<string, AttributeValue>>> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const { Items = [] } = await client.send(new ScanCommand({ TableName: table }));
    return Items;
  } finally {
    client.destroy();
  }
}
