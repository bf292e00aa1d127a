import { CreateTableCommand, DynamoDBClient, ResourceInUseException, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { COUNTER_PARTITION_KEY } from '../../lambdas/counters/counter-store.js';
import { INBOX_PARTITION_KEY, QUEUE_INDEX } from '../../lambdas/inbox/inquiry-record.js';
import { ListenError } from './listen-error.js';
import { isLoopbackHost, isLoopbackOrigin, localUrl } from './local-origins.js';

/** A server of local mode (an emulator, or the API itself), listening. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** dynalite: DynamoDB in memory, in this process. */
export async function startDynamoEmulator(host: string): Promise<RunningServer> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  answerLoopbackNamesOnly(server);
  await listen(server, host, 0);
  return running(server, host);
}

/** aws-ses-v2-local: the SES v2 API, a mailbox UI at `/` and its JSON at `/store`. */
export async function startSesEmulator(host: string, port: number): Promise<RunningServer> {
  type StartSes = (config: { host: string; port: number }) => Promise<Server>;
  // A CommonJS module: under ESM its default export may arrive as the whole module object.
  const imported = (await import('aws-ses-v2-local')) as unknown as { default: StartSes | { default: StartSes } };
  const start = typeof imported.default === 'function' ? imported.default : imported.default.default;
  const server = await start({ host, port });
  // Before any request can be read: one comes in a later turn of the event loop than this one.
  answerLoopbackNamesOnly(server);
  // It resolves even when listening failed, so ask the server itself.
  if (!server.listening) throw ListenError.portInUse('SES_PORT', port);
  return running(server, host);
}

/**
 * Makes a server of local mode answer only requests whose `Host` is a loopback name with its port
 * (isLoopbackHost), and refuse any other with 421 Misdirected Request (RFC 9110 §15.5.20); and
 * only requests that no page of another site sent (isLoopbackOrigin), refusing those with 403. The
 * emulators hold every test inquiry and take any credentials: a page of another site that a
 * browser on this machine opens could otherwise read them through DNS rebinding, its own name made
 * to resolve to 127.0.0.1, whose requests carry that name; or at 127.0.0.1 itself, since dynalite
 * answers every origin's preflight and request with `Access-Control-Allow-Origin: *`.
 */
export function answerLoopbackNamesOnly(server: Server): void {
  const answer = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { port } = server.address() as AddressInfo;
    const refused = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store', Connection: 'close' };
    if (!isLoopbackHost(request.headers.host, port)) {
      response.writeHead(421, refused).end(`Local mode's emulators answer only at localhost:${port}, 127.0.0.1:${port} and [::1]:${port}.\n`);
      return;
    }
    if (!isLoopbackOrigin(request.headers.origin, port)) {
      response.writeHead(403, refused).end("Local mode's emulators answer no page of another site (Origin).\n");
      return;
    }
    for (const listener of answer) listener.call(server, request, response);
  });
}

/** Creates the counter table as the stack does (partition key only), unless it exists already. */
export function ensureCounterTable(client: DynamoDBClient, tableName: string): Promise<void> {
  return ensureTable(client, tableName, COUNTER_PARTITION_KEY);
}

/** Creates the inquiry table as the stack does (its key and its queue index), unless it exists already. */
export function ensureInquiryTable(client: DynamoDBClient, tableName: string): Promise<void> {
  return ensureTable(client, tableName, INBOX_PARTITION_KEY, {
    AttributeDefinitions: [
      { AttributeName: QUEUE_INDEX.partitionKey, AttributeType: 'S' },
      { AttributeName: QUEUE_INDEX.sortKey, AttributeType: 'N' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: QUEUE_INDEX.name,
        KeySchema: [
          { AttributeName: QUEUE_INDEX.partitionKey, KeyType: 'HASH' },
          { AttributeName: QUEUE_INDEX.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...QUEUE_INDEX.projected] },
      },
    ],
  });
}

/**
 * A table keyed by one string attribute, with an index if given. dynalite has no TTL and no
 * stream: expired items stay, as they may on AWS for a while, and local-stack.ts plays the stream.
 */
async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  partitionKey: string,
  index?: Pick<CreateTableCommandInput, 'AttributeDefinitions' | 'GlobalSecondaryIndexes'>,
): Promise<void> {
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: partitionKey, AttributeType: 'S' }, ...(index?.AttributeDefinitions ?? [])],
        KeySchema: [{ AttributeName: partitionKey, KeyType: 'HASH' }],
        ...(index?.GlobalSecondaryIndexes === undefined ? {} : { GlobalSecondaryIndexes: index.GlobalSecondaryIndexes }),
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
}

/** A listen error that means the host is not this machine's: a name that does not resolve, or another machine's address. */
const FOREIGN_HOST_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EADDRNOTAVAIL']);

/** Listens, turning "address in use" and "not this machine" into a ListenError naming the setting. */
export function listen(server: Server, host: string, port: number, setting?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (setting !== undefined && error.code === 'EADDRINUSE') reject(ListenError.portInUse(setting, port));
      else if (FOREIGN_HOST_CODES.has(error.code ?? '')) reject(ListenError.foreignHost(host, error.code));
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

export function running(server: Server, host: string): RunningServer {
  const { port } = server.address() as AddressInfo;
  return {
    url: localUrl(host, port),
    port,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
