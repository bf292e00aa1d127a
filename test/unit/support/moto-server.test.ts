import { expect, it } from '@jest/globals';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describeWithMoto, useMoto } from '../../support/moto-server.js';

describeWithMoto()('a moto server for the wire tests', () => {
  const moto = useMoto('eu-west-1');

  it('answers the SDK as S3 does, and forgets everything at a reset', async () => {
    const { endpoint } = moto();
    const s3 = new S3Client({ endpoint, region: 'eu-west-1', forcePathStyle: true, credentials: { accessKeyId: 'testing', secretAccessKey: 'testing' } });
    await s3.send(new CreateBucketCommand({ Bucket: 'pages', CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' } }));
    await s3.send(new PutObjectCommand({ Bucket: 'pages', Key: 'index.html', Body: '<h1>Hi</h1>', ContentType: 'text/html' }));

    const object = await s3.send(new GetObjectCommand({ Bucket: 'pages', Key: 'index.html' }));
    expect(object.ContentType).toBe('text/html');
    expect(await object.Body?.transformToString()).toBe('<h1>Hi</h1>');

    await moto().reset();
    await expect(s3.send(new GetObjectCommand({ Bucket: 'pages', Key: 'index.html' }))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('names what the SDK reads to reach it', () => {
    expect(moto().environment).toEqual({
      AWS_ENDPOINT_URL: moto().endpoint,
      AWS_ACCESS_KEY_ID: 'testing',
      AWS_SECRET_ACCESS_KEY: 'testing',
      AWS_REGION: 'eu-west-1',
    });
    expect(moto().endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
