import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteDoorListener } from '../../../bin/local/site-door.js';
import type { SiteFrontDoor } from '../../../lib/edge/front-door-request.js';
import { send } from '../../support/http-client.js';

/* Local mode's front door while the site's folder is being written (docs/api.md §10): an answer to come back for, never a 500. */

/** What local mode's door answers when a walk of the folder meets `code`. */
async function answerTo(code: string) {
  const door: SiteFrontDoor = {
    route: () => {
      throw Object.assign(new Error(`${code}: the folder changed`), { code });
    },
    notFoundPage: () => undefined,
    pageHeaders: () => ({}),
  };
  const server = createServer(siteDoorListener(async () => ({ statusCode: 204, headers: {} }), door));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/about/`);
  } finally {
    server.close();
  }
}

describe('local mode’s door while SITE_DIR is being built again', () => {
  it.each(['ENOENT', 'ENOTDIR'])('answers %s met in the folder 503 with Retry-After, as a moment’s absence', async (code) => {
    const answer = await answerTo(code);
    expect([answer.status, answer.headers['retry-after']]).toEqual([503, '5']);
    expect(answer.text).toMatch(/^Service Unavailable: SITE_DIR, the site's folder, is not there just now/);
  });
});
