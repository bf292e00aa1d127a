import { afterAll, beforeAll } from '@jest/globals';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ensureCounterTable, ensureInquiryTable, startDynamoEmulator, type RunningServer } from '../../bin/local/emulators.js';
import { inquiryKey, INBOX_PARTITION_KEY } from '../../lambdas/inbox/inquiry-record.js';

/**
 * An inquiry table in dynalite for the tests of one file, made as local mode makes it (its key and
 * queue index): the client to build a store over, and each inquiry's item as the table holds it.
 * With `counterTable`, the counter table beside it, as the delivery worker's flood signal needs it.
 */
export function inboxEmulator(tableName: string, options: { readonly counterTable?: string } = {}) {
  let emulator: RunningServer;
  let client: DynamoDBClient;
  beforeAll(async () => {
    emulator = await startDynamoEmulator('127.0.0.1');
    client = new DynamoDBClient({ endpoint: emulator.url, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    await ensureInquiryTable(client, tableName);
    if (options.counterTable !== undefined) await ensureCounterTable(client, options.counterTable);
  });
  afterAll(async () => {
    client.destroy();
    await emulator.close();
  });
  return {
    client: () => client,
    url: () => emulator.url,
    async itemOf(id: string): Promise<Record<string, unknown> | undefined> {
      const { Item } = await DynamoDBDocumentClient.from(client).send(
        new GetCommand({ TableName: tableName, Key: { [INBOX_PARTITION_KEY]: inquiryKey(id) }, ConsistentRead: true }),
      );
      return Item;
    },
  };
}
