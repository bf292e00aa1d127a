import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface LocalServer {
  /** Where requests go (the server's own address). */
  readonly apiUrl: string;
  /** `{base}` as the service publishes it. */
  readonly baseUrl: string;
  /** The SES emulator. */
  readonly mailUrl: string;
  /** dynalite, or the outside DynamoDB endpoint it was given. */
  readonly dynamoUrl: string;
  /** Everything the server printed to stdout so far (its JSON log lines included). */
  output(): string;
  /**
   * Stops the server as Ctrl-C (SIGINT) or a process manager (SIGTERM) would; resolves to its exit
   * code, or to the signal that ended it when it had no handler for that signal.
   */
  stop(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals | null>;
}

/** `bin/local.ts` (what `npm start` runs) as a child process on free ports, its output gathered. */
export interface LocalProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
}

/** Spawns `bin/local.ts` with the given settings on top of the environment and free ports. */
export function spawnLocal(env: Record<string, string> = {}): LocalProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', SES_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the local server (spawnLocal) and waits for its "Ready" line. */
export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  const local = spawnLocal(env);
  const { child } = local;

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local server did not start:\n${local.stdout()}${local.stderr()}`)), 30_000);
    child.stdout?.on('data', () => {
      if (local.stdout().includes('Ready.')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
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
  const baseUrl = /\(BASE_URL (\S+)\)/.exec(stdout)?.[1] ?? url('API');
  return {
    apiUrl: url('API'),
    baseUrl,
    mailUrl: url('Mailbox'),
    dynamoUrl: url('DynamoDB'),
    output: local.stdout,
    stop: (signal = 'SIGTERM') => stopChild(child, signal),
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
