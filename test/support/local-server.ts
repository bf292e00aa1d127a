import { spawn, type ChildProcess } from 'node:child_process';
import { NO_SETTINGS_FILE } from './settings-file.js';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface LocalServer {
  /** Where requests go (the server's own address). */
  readonly apiUrl: string;
  /** `{base}` as the service publishes it. */
  readonly baseUrl: string;
  /** The SES emulator. */
  readonly mailUrl: string;
  /** The DynamoDB endpoint it printed: the stand-in of the inquiry table's stream, in front of dynalite or the outside endpoint it was given. */
  readonly dynamoUrl: string;
  /** The server's process (`node bin/local.ts` itself), to read what it uses. */
  readonly pid: number;
  /** Everything the server printed to stdout so far (its JSON log lines included). */
  output(): string;
  /**
   * Stops the server as Ctrl-C (SIGINT) or a process manager (SIGTERM) would; resolves to its exit
   * code, or to the signal that ended it when it had no handler for that signal.
   */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

/** A local server's process as spawned, its output gathered. */
export interface LocalProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
}

/** The addresses a local server prints once it is ready. */
export type LocalAddresses = Pick<LocalServer, 'apiUrl' | 'baseUrl' | 'mailUrl' | 'dynamoUrl'>;

/** Spawns `bin/local.ts` (what `npm start` runs) with the given settings on top of the environment and free ports. */
export function spawnLocal(env: Record<string, string> = {}): LocalProcess {
  return gathered(
    spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...NO_SETTINGS_FILE, PORT: '0', SES_PORT: '0', DYNAMODB_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/**
 * Runs `npm start` itself, as a terminal does: the leader of a process group of its own (npm and
 * whatever it starts), so a test can signal the whole group as a terminal's Ctrl-C does.
 */
export function spawnNpmStart(env: Record<string, string> = {}): LocalProcess {
  return gathered(
    spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, ...NO_SETTINGS_FILE, PORT: '0', SES_PORT: '0', DYNAMODB_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    }),
  );
}

function gathered(child: ChildProcess): LocalProcess {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** Waits for the "Ready" line of a spawned local server and reads the addresses it printed. */
export async function whenReady(local: LocalProcess): Promise<LocalAddresses> {
  const { child } = local;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local server did not start:\n${local.stdout()}${local.stderr()}`)), 30_000);
    const check = () => {
      if (!local.stdout().includes('Ready.')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', check);
    check();
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`local server exited with ${code}:\n${local.stdout()}${local.stderr()}`));
    });
  });

  const stdout = local.stdout();
  const url = (label: string) => {
    const match = new RegExp(`^${label}\\s+(\\S+)`, 'm').exec(stdout);
    if (!match?.[1]) throw new Error(`no ${label} URL in:\n${stdout}`);
    return match[1];
  };
  return {
    apiUrl: url('API'),
    baseUrl: /\(BASE_URL ([^\s;)]+)/.exec(stdout)?.[1] ?? url('API'),
    mailUrl: url('Mailbox'),
    dynamoUrl: url('DynamoDB'),
  };
}

/** Starts the local server (spawnLocal) and waits for its "Ready" line. */
export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  const local = spawnLocal(env);
  return {
    ...(await whenReady(local)),
    pid: local.child.pid!,
    output: local.stdout,
    stop: (signal = 'SIGTERM') => stopChild(local.child, signal),
  };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<number | NodeJS.Signals | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code, endedBy) => resolve(code ?? endedBy));
    child.kill(signal);
  });
}

/** One e-mail as the SES emulator stores it. */
export interface StoredEmail {
  readonly from: string;
  readonly replyTo: string[];
  readonly destination: { readonly to: string[]; readonly cc: string[]; readonly bcc: string[] };
  readonly subject: string;
  readonly body: { readonly text?: string; readonly html?: string };
}

export async function sentEmails(server: Pick<LocalServer, 'mailUrl'>): Promise<StoredEmail[]> {
  const response = await fetch(`${server.mailUrl}/store`);
  const store = (await response.json()) as { emails: StoredEmail[] };
  return store.emails;
}

/** Empties the SES emulator's mailbox. */
export async function clearSentEmails(server: Pick<LocalServer, 'mailUrl'>): Promise<void> {
  const response = await fetch(`${server.mailUrl}/clear-store`, { method: 'POST' });
  if (!response.ok) throw new Error(`the SES emulator did not clear its store: ${response.status}`);
}

/** A server the mailbox belongs to; with its output, a test that waits in vain says what the worker did. */
type Mailbox = Pick<LocalServer, 'mailUrl'> & Partial<Pick<LocalServer, 'output'>>;

/**
 * The mailbox once it holds at least `count` mails: the delivery worker sends after the 202
 * (docs/api.md §14), so a test waits for it, up to `timeoutMs`, then fails saying how many came
 * and, where the server's output is at hand, each line the worker wrote (ids and outcomes, no text).
 */
export async function waitForEmails(server: Mailbox, count: number, timeoutMs = 10_000): Promise<StoredEmail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await sentEmails(server);
    if (emails.length >= count) return emails;
    if (Date.now() > deadline) {
      throw new Error(`the mailbox holds ${emails.length} mail(s) after ${timeoutMs} ms, not ${count}${serverLines(server)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The delivery worker's lines and every warning in a server's output, for a failure message. */
function serverLines(server: Mailbox): string {
  const lines = (server.output?.() ?? '').split('\n').filter((line) => /^\{.*"(message":"(delivery|digest|flood check failed)"|level":"WARN")/.test(line));
  return lines.length === 0 ? '' : `; what the server wrote:\n${lines.join('\n')}`;
}

/**
 * Fails unless a request through local mode was answered `expected`, saying what the server
 * warned of: a 503 is a dependency too slow for the time limit (docs/api.md §1), which its lines name.
 */
export function expectAnswered(status: number, expected: number, server: Mailbox): void {
  if (status !== expected) throw new Error(`answered ${status}, not ${expected}${serverLines(server)}`);
}

/**
 * The mailbox after the worker had `quietMs` to send anything more than it holds: for a test that
 * expects no mail, or no second one.
 */
export async function settledEmails(server: Pick<LocalServer, 'mailUrl'>, quietMs = 1500): Promise<StoredEmail[]> {
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  return sentEmails(server);
}

/** The mailbox once `count` mails came, and a moment more for any that should not have. */
export async function deliveredEmails(server: Mailbox, count: number, timeoutMs = 10_000): Promise<StoredEmail[]> {
  await waitForEmails(server, count, timeoutMs);
  return settledEmails(server, 500);
}

/**
 * One of the owner's npm commands (`inbox`, `redeliver`) as the owner runs it, pointed at local
 * mode's DynamoDB; its exit code and what it printed. Asynchronous: the emulators it talks to may
 * run in the test's own process.
 */
export function ownerCommand(
  command: 'inbox' | 'redeliver' | 'forget',
  server: Pick<LocalServer, 'dynamoUrl'>,
  args: readonly string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runOwnerCommand(command, ['--endpoint', server.dynamoUrl, ...args]);
}

/** One of the owner's npm commands with exactly these arguments, and `env` in place of the test's environment when given. */
export function runOwnerCommand(
  command: 'inbox' | 'redeliver' | 'forget' | 'publish' | 'verify' | 'cdk',
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return ranToEnd(gathered(spawn('npm', ['run', '--silent', command, '--', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...(env === undefined ? {} : { env }) })));
}

/**
 * A spawned process's exit code and all it printed. Read at 'close', not 'exit': a process's
 * output can still be in the pipe when 'exit' is emitted, and a line read then may be missing.
 */
export function ranToEnd(local: LocalProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    local.child.once('close', (code) => resolve({ code, stdout: local.stdout(), stderr: local.stderr() }));
  });
}
