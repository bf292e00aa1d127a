import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingsFile } from '../support/cdk-app-run.js';
import { runOwnerCommand } from '../support/local-server.js';
import { describeWithMoto, useMoto } from '../support/moto-server.js';
import { siteFolder } from '../support/site-folder.js';
import { closedPortUrl } from '../support/unreachable.js';
import { until } from '../support/until.js';

/*
 * `npm run cdk` (bin/cdk.ts) hands the CDK CLI every argument, the terminal and its exit status:
 * what needs no AWS account runs without credentials, what needs one runs once they resolve, and
 * a Ctrl-C or a SIGTERM ends both. Its one line without credentials: owner-commands.test.ts.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CDK_VERSION: string = JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('aws-cdk/package.json')), 'package.json'), 'utf8')).version;

/** A machine with no AWS credentials anywhere the SDK looks, and no instance metadata to ask, without npm's variables of this run. */
function withoutCredentials(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'no-aws-'));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|AWS_|AMAZON_)/i.test(name)));
  return { ...env, HOME: home, AWS_EC2_METADATA_DISABLED: 'true', AWS_CONFIG_FILE: join(home, 'config'), AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials') };
}

/** A CDK app that marks when it runs, then waits or exits with this status: what the CLI runs first for a deploy. */
function markingApp(then: 'wait' | number): { app: string; ran: string; output: string } {
  const folder = mkdtempSync(join(tmpdir(), 'cdk-app-'));
  const ran = join(folder, 'ran');
  const end = then === 'wait' ? 'setTimeout(() => {}, 60000)' : `process.exit(${then})`;
  return { app: `node -e "require('fs').writeFileSync('${ran}', ''); ${end}"`, ran, output: join(folder, 'cdk.out') };
}

// Side by side (it.concurrent), as each command is one of its own and none is timed: the others
// run while the app is synthesized for `ls`, some 10 s, rather than after it.
describe('npm run cdk: what needs no AWS account', () => {
  it.concurrent('prints the CLI’s version', async () => {
    const result = await runOwnerCommand('cdk', ['--version'], withoutCredentials());

    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(new RegExp(`^${CDK_VERSION.replaceAll('.', '\\.')} `)), stderr: '' });
  }, 30_000);

  it.concurrent.each([[['deploy', '--help']], [['bootstrap', '-h']], [['--help', 'destroy']]])('prints the CLI’s help for %j', async (args) => {
    const result = await runOwnerCommand('cdk', args, withoutCredentials());

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^cdk (deploy|bootstrap|destroy) \[(STACKS|ENVIRONMENTS)\.\.\]/m);
  }, 30_000);

  it.concurrent('lists the stacks, the app run as for a synth', async () => {
    const output = mkdtempSync(join(tmpdir(), 'cdk-out-'));
    const settings = settingsFile({ ownerEmail: 'you@example.com', senderEmail: 'contact@example.com', siteDir: siteFolder() });

    // Without aws-cdk-lib's check of the templates, seconds of CPU that a list of the stacks does not read (cdk-nag.test.ts runs it).
    const result = await runOwnerCommand('cdk', ['ls', '-o', output], { ...withoutCredentials(), ...settings, CDK_VALIDATION: 'false' });

    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 0, stdout: 'PersonalSiteBudget\nPersonalSite\n' });
  }, 120_000);

  it.concurrent('passes its standard input and output straight through: the CLI’s language server answers as it is asked', async () => {
    const cdk = spawn('npm', ['run', '--silent', 'cdk', '--', 'lsp'], { cwd: ROOT, env: withoutCredentials(), stdio: ['pipe', 'pipe', 'pipe'] });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    cdk.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    let stdout = '';
    const answered = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer: ${stdout}`)), 30_000);
      cdk.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (!/\}\s*$/.test(stdout)) return;
        clearTimeout(timer);
        resolve(stdout);
      });
    });
    cdk.stdin.end();
    await exited(cdk);

    expect(answered).toMatch(/^Content-Length: \d+\r\n\r\n\{"jsonrpc":"2\.0","id":1,"result":\{"serverInfo":\{"name":"cdk-lsp"/);
  }, 40_000);
});

describe('npm run cdk: credentials that resolve, and AWS does not answer', () => {
  it('says so in one line before the CLI starts, with no proxy named that the CLI could reach AWS through: nothing is bundled', async () => {
    const { app, ran, output } = markingApp(0);
    const keys = { AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', AWS_REGION: 'eu-west-1' };

    const result = await runOwnerCommand('cdk', ['bootstrap', '-a', app, '-o', output], {
      ...withoutCredentials(),
      ...keys,
      AWS_ENDPOINT_URL: await closedPortUrl(),
      HTTPS_PROXY: undefined,
      https_proxy: undefined,
    });

    expect(existsSync(ran)).toBe(false);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      "Cannot bootstrap: no answer from AWS (ECONNREFUSED): check this machine's network; behind a proxy, name it (HTTPS_PROXY, or --proxy); npm run synth checks the settings offline",
    ]);
  }, 60_000);
});

describeWithMoto()('npm run cdk: credentials that resolve but AWS refuses (moto checking them as AWS does)', () => {
  const moto = useMoto('eu-west-1', { refuseCredentials: true });

  it('says so in one line before the CLI starts: nothing is bundled', async () => {
    const { app, ran, output } = markingApp(0);

    const result = await runOwnerCommand('cdk', ['deploy', '--all', '-a', app, '-o', output], { ...withoutCredentials(), ...moto().environment });

    expect(existsSync(ran)).toBe(false);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot deploy: AWS answered InvalidClientTokenId .*: sign in again \(aws sso login, or aws configure\); npm run synth checks the settings offline$/)]);
  }, 60_000);
});

describeWithMoto()('npm run cdk: what needs an AWS account, once credentials resolve', () => {
  const moto = useMoto('eu-west-1');
  const signedIn = () => ({ ...withoutCredentials(), ...moto().environment });

  it('starts the CLI, which runs the app, and ends with its exit status', async () => {
    const { app, ran, output } = markingApp(3);

    const result = await runOwnerCommand('cdk', ['deploy', '--all', '-a', app, '-o', output], signedIn());

    expect(existsSync(ran)).toBe(true);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${app}: Subprocess exited with error 3`);
  }, 60_000);

  it('ends with the CLI at a Ctrl-C, which the terminal sends the whole process group, without a stack trace', async () => {
    const { app, ran, output } = markingApp('wait');
    const cdk = spawn('npm', ['run', '--silent', 'cdk', '--', 'deploy', '--all', '-a', app, '-o', output], { cwd: ROOT, env: signedIn(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const printed = gatheredOutput(cdk);
    try {
      await until(() => existsSync(ran), { timeoutMs: 45_000, everyMs: 100 });

      process.kill(-cdk.pid!, 'SIGINT');
      const started = Date.now();
      const end = await exited(cdk);

      expect(Date.now() - started).toBeLessThan(5_000);
      expect(end.code === 130 || end.signal === 'SIGINT').toBe(true);
      expect(printed()).not.toMatch(/\n\s+at /);
      await until(() => !groupAlive(cdk.pid!), { everyMs: 100 });
    } finally {
      endGroup(cdk.pid!);
    }
  }, 60_000);

  it('passes a SIGTERM sent to it alone on to the CLI, and ends as the CLI does', async () => {
    const { app, ran, output } = markingApp('wait');
    const wrapper = spawn(process.execPath, ['--import', 'tsx', 'bin/cdk.ts', 'deploy', '--all', '-a', app, '-o', output], {
      cwd: ROOT,
      env: { ...signedIn(), PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const printed = gatheredOutput(wrapper);
    try {
      await until(() => existsSync(ran), { timeoutMs: 45_000, everyMs: 100 });
      expect(groupCommands(wrapper.pid!)).toContainEqual(expect.stringMatching(CDK_CLI));

      wrapper.kill('SIGTERM');
      const end = await exited(wrapper);

      expect(end).toEqual({ code: null, signal: 'SIGTERM' });
      expect(printed()).not.toMatch(/\n\s+at /);
      await until(() => !groupCommands(wrapper.pid!).some((command) => CDK_CLI.test(command)), { everyMs: 100 });
    } finally {
      // The CLI leaves its app running when it is ended so, as it does when run alone.
      endGroup(wrapper.pid!);
    }
  }, 60_000);
});

function gatheredOutput(child: ChildProcess): () => string {
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  return () => printed;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}


/** The command lines of the processes of this process group. */
function groupCommands(group: number): string[] {
  return execFileSync('ps', ['-eo', 'pgid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim().split(/\s+/)[0] === String(group))
    .map((line) => line.trim().replace(/^\d+\s+/, ''));
}

/** The CDK CLI's process, by its command line. */
const CDK_CLI = /node_modules\/(\.bin|aws-cdk\/bin)\/cdk\b/;

function endGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Whether any process of this process group is still running. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
