import { GetBucketVersioningCommand, type S3Client } from '@aws-sdk/client-s3';

/** Whether the bucket keeps what is replaced or deleted, and S3's own time when it said so. */
export interface BucketVersioning {
  readonly versioned: boolean;
  /**
   * S3's clock when it answered (its `Date` header, to the second), before any change the run
   * makes: the time `--restore` takes to undo the run, on the clock the versions' LastModified
   * is read on, whatever this machine's says.
   */
  readonly asked: Date;
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
  const server = date === undefined ? Number.NaN : Date.parse(date);
  // Without a Date (never from S3 itself), this machine's clock, to the second.
  return { versioned: Status === 'Enabled', asked: new Date(Number.isNaN(server) ? Math.floor(Date.now() / 1000) * 1000 : server) };
}
