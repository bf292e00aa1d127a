import { describe, expect, it } from '@jest/globals';
import { createServer, type AddressInfo } from 'node:net';
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

  it.each(['PORT', 'SES_PORT'])('stops with one line naming %s when another server holds that port', async (setting) => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = holder.address() as AddressInfo;
      const { code, stdout, stderr } = await runLocal({ [setting]: String(port) });

      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([`Cannot start: ${setting} ${port} cannot be listened on (is another server using it?)`]);
    } finally {
      holder.close();
    }
  }, 30_000);

  it.each([
    ['a name that does not resolve', 'nope.invalid'],
    ['an address of another machine', '192.0.2.1'],
  ])('stops with one line naming HOST when it is %s', async (_title, host) => {
    const { code, stdout, stderr } = await runLocal({ HOST: host });

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Cannot start: HOST ${host.replaceAll('.', '\\.')} cannot be listened on: it is not a name or address of this machine`)),
    ]);
  }, 30_000);

  it('stops with one line saying that PORT and SES_PORT collide', async () => {
    const { code, stderr } = await runLocal({ PORT: '40123', SES_PORT: '40123' });

    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Cannot start: PORT and SES_PORT are both 40123: they collide/)]);
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
