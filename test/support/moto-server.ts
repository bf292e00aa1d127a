import { afterAll, beforeAll, describe } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

type Describe = (name: string, tests: () => void) => void;

/**
 * moto (the Python AWS emulator) speaks AWS's own wire protocols, S3's XML, CloudFormation's
 * query protocol, DynamoDB's JSON, as AWS documents them: where a mock's answer is only our belief
 * about AWS, moto's is its model's. MOTO_SERVER names the program when it is not on the PATH.
 */
const MOTO_SERVER = process.env.MOTO_SERVER ?? 'moto_server';

/** Whether moto's server can be started here: its `--help` exits 0. */
export function motoAvailable(): boolean {
  return spawnSync(MOTO_SERVER, ['--help'], { stdio: 'ignore' }).status === 0;
}

/**
 * `describe` when moto is installed. Otherwise a developer's run skips the suite and says in one
 * line what to install, while CI (`CI=true`) fails: a wire test must never pass by not running.
 * Decided when the test file loads, as jest needs.
 */
export function describeWithMoto(): Describe {
  if (motoAvailable()) return describe;
  const hint = `${MOTO_SERVER} is not installed here: pip install "moto[server]" (docs/development.md, "Tests against AWS's wire protocols")`;
  if (process.env.CI === 'true') throw new Error(`CI=true and the wire tests cannot run. ${hint}`);
  process.stderr.write(`Wire tests skipped. ${hint}\n`);
  return describe.skip;
}

/** One moto server on loopback, its own state, for one test file. */
export interface MotoServer {
  /** `http://127.0.0.1:<port>`: what AWS_ENDPOINT_URL (or a client's `endpoint`) points at. */
  readonly endpoint: string;
  /** What the SDK reads to talk to moto instead of AWS: the endpoint, dummy credentials, a region. */
  readonly environment: Readonly<Record<string, string>>;
  /** Forgets every resource, as a fresh server would (moto's `/moto-api/reset`). */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

const LISTENING = /Running on (http:\/\/127\.0\.0\.1:\d+)/;

export interface MotoOptions {
  /**
   * Whether moto checks credentials as AWS does: it knows none but its IAM's users' keys, so every
   * request is refused with AWS's `InvalidClientTokenId` (moto's INITIAL_NO_AUTH_ACTION_COUNT=0).
   */
  readonly refuseCredentials?: boolean;
}

/** Starts `moto_server` on a free port of 127.0.0.1 and resolves once it listens (about 2 s). */
export function startMoto(region = 'us-east-1', { refuseCredentials = false }: MotoOptions = {}): Promise<MotoServer> {
  const child = spawn(MOTO_SERVER, ['-H', '127.0.0.1', '-p', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(refuseCredentials ? { env: { ...process.env, INITIAL_NO_AUTH_ACTION_COUNT: '0' } } : {}),
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const endpoint = LISTENING.exec(output)?.[1];
      if (endpoint === undefined) return;
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      // Drained, never read: a full pipe would stall moto's request log.
      child.stdout.resume();
      child.stderr.resume();
      resolve(motoServer(child, endpoint, region));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${MOTO_SERVER} exited ${code} before listening: ${output.trim()}`)));
  });
}

/** How long moto has to end on SIGTERM before it is killed. */
const MOTO_STOP_MS = 10_000;

function motoServer(child: ChildProcess, endpoint: string, region: string): MotoServer {
  return {
    endpoint,
    environment: {
      AWS_ENDPOINT_URL: endpoint,
      AWS_ACCESS_KEY_ID: 'testing',
      AWS_SECRET_ACCESS_KEY: 'testing',
      AWS_REGION: region,
    },
    async reset() {
      const answer = await fetch(`${endpoint}/moto-api/reset`, { method: 'POST' });
      if (!answer.ok) throw new Error(`moto's reset answered ${answer.status}`);
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // A loaded machine can keep moto's Python from ending in time: SIGKILL then.
        const kill = setTimeout(() => child.kill('SIGKILL'), MOTO_STOP_MS);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

/** A moto server for the enclosing `describe`: started before its tests, stopped after them. */
export function useMoto(region?: string, options?: MotoOptions): () => MotoServer {
  let server: MotoServer | undefined;
  beforeAll(async () => {
    server = await startMoto(region, options);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  }, MOTO_STOP_MS * 2);
  return () => {
    if (server === undefined) throw new Error('moto is not running: call useMoto() inside a describe');
    return server;
  };
}
