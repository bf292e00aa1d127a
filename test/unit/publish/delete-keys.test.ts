import { afterEach, describe, expect, it } from '@jest/globals';
import { DeleteObjectCommand, DeleteObjectsCommand, S3Client, type DeleteObjectsCommandInput } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { deleteKeys } from '../../../bin/publish/delete-keys.js';

/*
 * Deletions (bin/publish/delete-keys.ts): in batches of DeleteObjects, whose XML body carries only
 * XML 1.0's characters, and a key with any other on its own, in DeleteObject's URL; one key S3
 * refuses keeps none of the others from being deleted. The wire test (publish-wire.test.ts) has
 * moto refuse a batch with such a key; here, what moto cannot answer: refusals key by key.
 */

const s3 = new S3Client({ region: 'eu-west-1' });
const mock = mockClient(s3);
afterEach(() => {
  mock.reset();
});

const OWNER = { ExpectedBucketOwner: '123456789012' };

function batches(): string[][] {
  return mock.commandCalls(DeleteObjectsCommand).map((call) => (call.args[0].input as DeleteObjectsCommandInput).Delete!.Objects!.map((object) => object.Key!));
}
const alone = () => mock.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key);

describe('deleting keys', () => {
  it('sends a key XML 1.0 cannot carry on its own, and every other in a batch', async () => {
    mock.on(DeleteObjectsCommand).resolves({});
    mock.on(DeleteObjectCommand).resolves({});
    const carried = ['a b.html', 'tab\tline\nreturn\r.html', 'next\u0085line.html', 'del\u007f.html', 'emoji \u{1F600}.html', '\uE000private.html', '\uFFFDreplacement.html'];
    const refused = ['start\u0001.html', 'nul\u0000.html', 'escape\u001b[2J.html', 'vt\u000b.html', 'noncharacter\uFFFE.html', 'noncharacter\uFFFF.html'];

    const result = await deleteKeys(s3, 'pages', OWNER, [...carried, ...refused]);

    expect(batches()).toEqual([carried]);
    expect(alone()).toEqual(refused);
    expect(result).toEqual({ deleted: [...refused, ...carried], refused: [] });
    for (const call of [...mock.commandCalls(DeleteObjectsCommand), ...mock.commandCalls(DeleteObjectCommand)]) expect(call.args[0].input).toMatchObject({ Bucket: 'pages', ...OWNER });
  });

  it('sends at most 1,000 keys a batch, as DeleteObjects takes', async () => {
    mock.on(DeleteObjectsCommand).resolves({});
    const keys = Array.from({ length: 2001 }, (_, index) => `page-${index}.html`);
    await deleteKeys(s3, 'pages', {}, keys);
    expect(batches().map((batch) => batch.length)).toEqual([1000, 1000, 1]);
  });

  it('reports each key S3 refuses, by its code, and deletes the others, in its batch and after it', async () => {
    mock.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: 'b.html', Code: 'AccessDenied', Message: 'Access Denied' }] });
    mock.on(DeleteObjectCommand).rejects(
      Object.assign(new Error('We encountered an internal error'), { name: 'InternalError', $fault: 'server', $metadata: { httpStatusCode: 500, requestId: 'd4e5' } }),
    );

    const result = await deleteKeys(s3, 'pages', {}, ['a.html', 'b.html', 'c.html', 'odd\u0001.html', 'odd\u0002.html']);

    expect(result).toEqual({
      deleted: ['a.html', 'c.html'],
      refused: [
        { key: 'odd\u0001.html', code: 'InternalError' },
        { key: 'odd\u0002.html', code: 'InternalError' },
        { key: 'b.html', code: 'AccessDenied' },
      ],
    });
    expect(alone()).toEqual(['odd\u0001.html', 'odd\u0002.html']);
  });

  it('stops at a key that got no answer at all, as the network would fail the rest too', async () => {
    const noAnswer = Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
    mock.on(DeleteObjectCommand).rejectsOnce(noAnswer).resolves({});

    const result = await deleteKeys(s3, 'pages', {}, ['odd\u0001.html', 'odd\u0002.html', 'a.html']);

    expect(result).toEqual({ deleted: [], refused: [], stopped: noAnswer });
    expect(alone()).toEqual(['odd\u0001.html']);
  });

  it('stops at a batch refused whole, saying what it deleted before', async () => {
    const failure = Object.assign(new Error('Access Denied'), { name: 'AccessDenied' });
    mock.on(DeleteObjectsCommand).rejectsOnce(failure);
    mock.on(DeleteObjectCommand).resolves({});

    const result = await deleteKeys(s3, 'pages', {}, ['a.html', 'odd\u0001.html']);

    expect(result).toEqual({ deleted: ['odd\u0001.html'], refused: [], stopped: failure });
  });
});
