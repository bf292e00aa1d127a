import { afterEach, describe, expect, it } from '@jest/globals';
import { PublishError } from '../../../bin/publish/publish-error.js';
import { restore, type RestoreRequest } from '../../../bin/publish/run-restore.js';
import { mockedDeployment, type MockedDeployment } from '../../support/mocked-deployment.js';

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
