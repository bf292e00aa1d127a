import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startLocalServer } from '../support/local-server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs bin/local.ts (what `npm start` runs) until it exits on its own, with the given settings. */
function runLocal(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', SES_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start (bin/local.ts)', () => {
  it.each([
    ['RATE_LIMIT_IP', 'five'],
    ['PORT', '70000'],
    ['BASE_URL', 'example.com'],
    ['CONTACT_FROM', 'not an address'],
    ['ALLOWED_ORIGINS', 'https://example.com/path'],
    ['AWS_ENDPOINT_URL_DYNAMODB', 'localhost:8000'],
  ])('stops at once on a malformed %s with one line naming it', async (setting, value) => {
    const { code, stdout, stderr } = await runLocal({ [setting]: value });

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(setting)]);
  }, 30_000);

  it('prints its URLs when ready, and stops cleanly when interrupted', async () => {
    const server = await startLocalServer();
    expect(server.output()).toMatch(/^API\s+http:\/\/127\.0\.0\.1:\d+/m);
    expect(server.output()).toMatch(/^Mailbox\s+http:\/\/127\.0\.0\.1:\d+/m);

    expect(await server.stop('SIGINT')).toBe(0);
  }, 30_000);
});
