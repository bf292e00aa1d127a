import { GetBucketVersioningCommand, type S3Client } from '@aws-sdk/client-s3';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether the bucket keeps what is replaced or deleted, and a time between what it held when asked and what a run changes after. */
export interface BucketVersioning {
  readonly versioned: boolean;
  /**
   * On S3's clock, to the second, as versions' LastModified are: later than every version the
   * bucket held when asked, and no later than any change made once `changesMayStart` resolves.
   * It is the time `--restore` takes to undo the run.
   */
  readonly before: Date;
  /** Resolves once S3's clock is past `before`, at most a second after the answer. */
  changesMayStart(): Promise<void>;
}

export async function readVersioning(s3: S3Client, bucket: string, owner: { ExpectedBucketOwner?: string }): Promise<BucketVersioning> {
  const command = new GetBucketVersioningCommand({ Bucket: bucket, ...owner });
  let date: string | undefined;
  command.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      date = (result.response as { headers?: Record<string, string | undefined> }).headers?.date;
      return result;
    },
    { step: 'deserialize', name: 'readServerDate' },
  );
  const { Status } = await s3.send(command);
  const answered = performance.now();
  // S3's Date names the second the answer was made in; without one (never from S3 itself), this machine's clock.
  const server = date === undefined ? Number.NaN : Date.parse(date);
  const second = Number.isNaN(server) ? Math.floor(Date.now() / 1000) * 1000 : server;
  return {
    versioned: Status === 'Enabled',
    before: new Date(second + 1000),
    // A second after the answer, S3's clock is past the second its Date named.
    changesMayStart: () => sleep(Math.max(0, answered + 1000 - performance.now())),
  };
}
