/**
 * What each library the handlers share costs at import, used as the handlers use it: alone (over
 * an empty bundle, Node's start-up aside) and on top of the contact function's SDK clients, which
 * load much of what the libraries need from Node anyway. Each is a bundle built as the stack builds
 * a handler; CPU milliseconds of a fresh `node`, started as Lambda starts it, until the import is done
 * (wall times here swing more than these costs), as the median over RUNS of each run's difference.
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { esbuildOptions } from '../lib/api/bundling.js';
import { percentile, round } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 15;

/** The contact function's SDK client: DynamoDB through the document client, for the counters and the inquiry's put. */
const SDK_CLIENTS = `
  import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
  import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
  export const sdk = [DynamoDBDocumentClient.from(new DynamoDBClient({})), UpdateCommand, PutCommand];`;

/**
 * Each library as the handlers use it: middy with its CORS middleware in every function, and
 * Powertools Idempotency in the contact function's module that only a keyed POST loads.
 */
const LIBRARIES: Readonly<Record<string, string>> = {
  middy: `
    import middy from '@middy/core';
    import httpCors from '@middy/http-cors';
    export const wrapped = middy(async () => ({})).use(httpCors({ origins: ['https://example.com'] }));`,
  idempotency: `
    import { DynamoDBClient as RecordsClient } from '@aws-sdk/client-dynamodb';
    import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
    import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
    const persistenceStore = new DynamoDBPersistenceLayer({ tableName: 'bench', awsSdkV3Client: new RecordsClient({}) });
    export const remembered = makeIdempotent(async () => ({}), { persistenceStore, config: new IdempotencyConfig({}) });`,
};

export async function benchLibraryImports(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-imports-'));
  try {
    const sources: Record<string, string> = { empty: 'export {};', sdk_clients: SDK_CLIENTS };
    for (const [name, source] of Object.entries(LIBRARIES)) {
      sources[name] = source;
      sources[`sdk_clients+${name}`] = SDK_CLIENTS + source;
    }
    const bundles: Record<string, string> = {};
    for (const [name, contents] of Object.entries(sources)) {
      bundles[name] = join(dir, `${name}.mjs`);
      await build({ ...esbuildOptions(bundles[name]), stdin: { contents, resolveDir: ROOT, loader: 'js' }, absWorkingDir: ROOT });
    }
    const times: Record<string, number[]> = {};
    for (let run = 0; run < RUNS; run++) {
      for (const [name, bundle] of Object.entries(bundles)) (times[name] ??= []).push(importCpuMs(bundle));
    }
    // Differences within a run, whose bundles were imported one after the other: the machine's
    // load drifts less between them than between runs.
    const cost = (name: string, base: string) =>
      round(percentile(times[name]!.map((ms, run) => ms - times[base]![run]!), 50), 1);
    const figures: Record<string, number> = {};
    for (const name of ['sdk_clients', ...Object.keys(LIBRARIES)]) {
      figures[`import.${name}.kib`] = round((await stat(bundles[name]!)).size / 1024, 1);
      figures[`import.${name}.cpu_ms`] = cost(name, 'empty');
    }
    for (const name of Object.keys(LIBRARIES)) {
      figures[`import.${name}.over_sdk_cpu_ms`] = cost(`sdk_clients+${name}`, 'sdk_clients');
    }
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function importCpuMs(file: string): number {
  const script = `await import(${JSON.stringify(pathToFileURL(file).href)}); const { user, system } = process.cpuUsage(); process.stdout.write(String((user + system) / 1000));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1' },
    encoding: 'utf8',
  });
  const ms = Number(child.stdout);
  if (child.status !== 0 || !Number.isFinite(ms)) throw new Error(`importing ${file} failed:\n${child.stderr}`);
  return ms;
}
