import { DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, StreamRecord } from 'aws-lambda';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { answerLoopbackNamesOnly, listen, running, type RunningServer } from './emulators.js';

/** What the consumer of a table's stream is handed, as Lambda hands it a batch. */
export type StreamConsumer = (event: DynamoDBStreamEvent) => Promise<unknown>;

export interface TableStream extends RunningServer {
  /** Resolves once every record of the writes seen so far has been handed on and consumed. */
  drained(): Promise<void>;
}

export interface TableStreamOptions {
  /** The DynamoDB endpoint the proxy forwards to (dynalite, or an outside one). */
  readonly target: string;
  readonly host: string;
  /** Where the proxy listens (DYNAMODB_PORT, whose name a port in use is refused with); 0: any free port. */
  readonly port: number;
  readonly tableName: string;
  readonly keyAttribute: string;
  /** The event source mapping's filter (a Lambda event filter pattern): records it refuses are never handed on. */
  readonly filter: Readonly<Record<string, unknown>>;
  readonly consume: StreamConsumer;
  /** How long a stop goes on handing on the records of writes already made, before it hands on no more. */
  readonly stopDrainMs: number;
}

const WRITES = new Set(['DynamoDB_20120810.PutItem', 'DynamoDB_20120810.UpdateItem']);

/** How long npm start's stop goes on handing the worker the inquiries already stored (docs/api.md §7). */
export const STOP_DRAIN_MS = 5000;

/**
 * A table's stream as local mode plays it, since dynalite has none: a proxy in front of the
 * DynamoDB endpoint forwards every call as it is, and after a write to the table succeeds, reads
 * the item and hands the consumer the record the stream would carry (its keys and new image),
 * when the filter lets it through. Records go on one at a time, in the order of the writes, as
 * from one shard; like a real stream, after the writer was answered.
 */
export async function startTableStream(options: TableStreamOptions): Promise<TableStream> {
  const reader = new DynamoDBClient({ endpoint: options.target, maxAttempts: 1 });
  const seen = new Set<string>();
  let queue = Promise.resolve();
  let handOnUntil = Number.POSITIVE_INFINITY;
  const publish = (key: Record<string, AttributeValue>) => {
    queue = queue
      .then(async () => {
        // A stop hands on the records waiting for stopDrainMs, then none: those stay pending in the table.
        if (Date.now() > handOnUntil) return;
        const { Item } = await reader.send(new GetItemCommand({ TableName: options.tableName, Key: key, ConsistentRead: true }));
        if (Item === undefined) return;
        const id = JSON.stringify(key);
        const record = streamRecord(seen.has(id) ? 'MODIFY' : 'INSERT', key, Item);
        seen.add(id);
        if (matchesFilter(options.filter, record)) await options.consume({ Records: [record] });
      })
      // A record the consumer fails on is lost here, as after a real stream's retries: the sweep finds the item.
      .catch(() => undefined);
  };

  const server = createServer((incoming, outgoing) => {
    relay(options.target, incoming, outgoing, (target, body) => {
      if (!WRITES.has(target)) return;
      const call = JSON.parse(body) as { TableName?: string; Item?: Record<string, AttributeValue>; Key?: Record<string, AttributeValue> };
      if (call.TableName !== options.tableName) return;
      const value = (call.Item ?? call.Key)?.[options.keyAttribute];
      if (value !== undefined) publish({ [options.keyAttribute]: value });
    });
  });
  answerLoopbackNamesOnly(server);
  await listen(server, options.host, options.port, 'DYNAMODB_PORT');
  const proxy = running(server, options.host);
  return {
    ...proxy,
    drained: () => queue,
    close: async () => {
      handOnUntil = Date.now() + options.stopDrainMs;
      // The consumer writes through the proxy (the worker records a mail it sent): it stays until
      // the records handed on are consumed, and what they wrote has been seen.
      for (let drained: Promise<void> | undefined; drained !== queue; ) await (drained = queue);
      await proxy.close();
      reader.destroy();
    },
  };
}

/** Forwards one call and its answer unchanged; tells `written` of a call the endpoint answered 2xx. */
function relay(target: string, incoming: IncomingMessage, outgoing: ServerResponse, written: (target: string, body: string) => void): void {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => {
    const body = Buffer.concat(chunks);
    const url = new URL(incoming.url ?? '/', target);
    // The target's own name: it answers only as itself (answerLoopbackNamesOnly), as any server may;
    // and no Origin, which the stand-in's own door has let through, and which names the stand-in's port.
    const { origin: _checked, ...headers } = incoming.headers;
    const call = forward(url, { method: incoming.method, headers: { ...headers, host: url.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      answer.on('end', () => {
        const status = answer.statusCode ?? 0;
        if (status >= 200 && status < 300) written(String(incoming.headers['x-amz-target'] ?? ''), body.toString('utf8'));
      });
    });
    call.on('error', () => outgoing.destroy());
    call.end(body);
  });
}

function streamRecord(eventName: 'INSERT' | 'MODIFY', keys: Record<string, AttributeValue>, image: Record<string, AttributeValue>): DynamoDBRecord {
  return {
    eventID: `local-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    eventName,
    eventSource: 'aws:dynamodb',
    awsRegion: process.env.AWS_REGION ?? 'us-east-1',
    dynamodb: {
      // The SDK's AttributeValue and aws-lambda's describe the same JSON.
      Keys: keys as unknown as StreamRecord['Keys'],
      NewImage: image as unknown as StreamRecord['NewImage'],
      StreamViewType: 'NEW_IMAGE',
      SequenceNumber: String(Date.now()),
      SizeBytes: JSON.stringify(image).length,
    },
  };
}

/**
 * Whether a record passes a Lambda event filter pattern, as far as the patterns of this project
 * go: objects match member by member, and a list of values matches any one of them.
 */
export function matchesFilter(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.some((allowed) => allowed === value);
  if (typeof pattern !== 'object' || pattern === null) return pattern === value;
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([name, inner]) => matchesFilter(inner, (value as Record<string, unknown>)[name]));
}
