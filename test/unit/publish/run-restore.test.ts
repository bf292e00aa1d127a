import { afterEach, describe, expect, it } from '@jest/globals';
import { PublishError } from '../../../bin/publish/publish-error.js';
import { restore, type RestoreRequest } from '../../../bin/publish/run-restore.js';
import { loadFrontDoorFunction } from '../../../lib/edge/front-door-function.js';
import { mockedDeployment, s3Etag, type MockedDeployment } from '../../support/mocked-deployment.js';

/*
 * npm run publish -- --restore (docs/api.md §10) where it stops: what moto's tests
 * (publish-wire.test.ts) do not reach. Its plan is restore-plan.test.ts's; its run, moto's.
 */

let deployment: MockedDeployment;
afterEach(() => deployment?.restore());

const NOW = new Date('2026-11-28T12:00:00Z');

async function stopped(request: Partial<RestoreRequest>): Promise<string> {
  try {
    for await (const _line of restore({ stack: 'PersonalSite', time: NOW, dryRun: false, yes: false, now: NOW, ...request }, deployment.clients));
  } catch (error) {
    if (error instanceof PublishError) return error.message;
    throw error;
  }
  throw new Error('the restore did not stop');
}

describe('a restore that cannot be made', () => {
  it('stops before any call at a time older than the bucket keeps versions, and says how far back it reaches', async () => {
    deployment = mockedDeployment();
    expect(await stopped({ time: new Date('2026-10-29T11:59:59Z') })).toBe(
      'the bucket keeps what was replaced or deleted 30 days: --restore reaches back to 2026-10-29T12:00:00Z at most',
    );
    expect(deployment.s3Calls).toEqual([]);
  });

  it('stops, changing nothing, when the bucket keeps no earlier versions', async () => {
    deployment = mockedDeployment();
    deployment.versioning = undefined;
    expect(await stopped({ time: new Date('2026-10-29T12:00:00Z') })).toBe(
      'the bucket keeps no earlier versions, so there is nothing to restore from: npm run cdk -- deploy --all turns them on for what comes after',
    );
    expect(deployment.s3Calls.map((call) => call.command)).toEqual(['GetBucketVersioning']);
  });
});

describe("a restore and the front door's function", () => {
  const SITE = { 'index.html': '<title>Home</title>', 'about/index.html': '<title>About</title>' };
  const before = new Date('2026-11-28T09:00:00Z');
  const deletedAt = new Date('2026-11-28T10:05:00Z');

  it('tells the function of a flat page the restore brings back, which /work then reaches, after the files', async () => {
    // A publish deleted work.html at 10:05, and told the function so.
    deployment = mockedDeployment({ deployedKeys: Object.keys(SITE) });
    for (const [key, text] of Object.entries(SITE)) {
      deployment.bucket.set(key, { body: Buffer.from(text), etag: s3Etag(Buffer.from(text)) });
      deployment.versions.push({ key, versionId: `${key}-v0`, lastModified: before, isLatest: true, body: Buffer.from(text) });
    }
    deployment.versions.push(
      { key: 'work.html', versionId: 'work-v0', lastModified: before, isLatest: false, body: Buffer.from('<title>Work</title>') },
      { key: 'work.html', versionId: 'work-v1', lastModified: deletedAt, isLatest: true },
    );
    const lines: string[] = [];

    for await (const line of restore({ stack: 'PersonalSite', time: new Date('2026-11-28T10:00:00Z'), dryRun: false, yes: false, now: NOW }, deployment.clients)) lines.push(line);

    expect(lines).toEqual(
      expect.arrayContaining(['  restore     work.html  (deleted since)', '  front door  reached without .html: /work.html']),
    );
    expect(lines.slice(-3)).toEqual([
      expect.stringMatching(/^To undo it within 30 days: /),
      "Front door: its function is updated for the site's files, and runs so at every edge location within minutes.",
      'siteDir is as it was: the next npm run publish, or deploy, publishes it again.',
    ]);
    expect(deployment.bucket.get('work.html')?.body.toString()).toBe('<title>Work</title>');
    const edge = loadFrontDoorFunction(deployment.functionCode);
    expect(edge({ request: { method: 'GET', uri: '/work', querystring: {}, headers: {}, cookies: {} } }).result).toMatchObject({ uri: '/work.html' });
  });
});
