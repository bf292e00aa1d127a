import { describe, expect, it } from '@jest/globals';
import { spawnLocal, startLocalServer } from '../support/local-server.js';

/** Runs bin/local.ts until it exits on its own, with the given settings. */
function runLocal(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const local = spawnLocal(env);
  return new Promise((resolve) => {
    local.child.once('exit', (code) => resolve({ code, stdout: local.stdout(), stderr: local.stderr() }));
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

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints its URLs when ready, and exits 0 on %s sent the moment it is ready',
    async (signal) => {
      const server = await startLocalServer();
      expect(server.output()).toMatch(/^API\s+http:\/\/127\.0\.0\.1:\d+/m);
      expect(server.output()).toMatch(/^Mailbox\s+http:\/\/127\.0\.0\.1:\d+/m);

      expect(await server.stop(signal)).toBe(0);
    },
    30_000,
  );
});
