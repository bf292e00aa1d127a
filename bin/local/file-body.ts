import { constants, createWriteStream, type ReadStream } from 'node:fs';
import { open, writeFile, type FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

/**
 * The open flags of a site file: read only, never through a link (the file siteFiles listed is a
 * real path, so a link there now is one put since), and without waiting on a FIFO put there
 * since, which fstat then tells apart from a file. Windows has neither flag.
 */
const SITE_FILE_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** What opening a file that siteFiles listed finds when the file is no longer there as one. */
const GONE_CODES = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);

/**
 * A file of the site opened for one answer (bin/local/site-door.ts): its length known before a
 * byte is read, its bytes read as they are sent, so that an answer holds a stream's buffer of it
 * at most, whatever its size and however slowly the client reads. Exactly that many bytes go:
 * a file that grows meanwhile is cut at that length, one that shrinks ends its answer broken.
 */
export class FileBody {
  private constructor(
    private readonly handle: FileHandle,
    readonly byteLength: number,
  ) {}

  /** The regular file at `path` (a real path siteFiles gave), or undefined when it is gone, or a link or no file now. */
  static async open(path: string): Promise<FileBody | undefined> {
    let handle: FileHandle;
    try {
      handle = await open(path, SITE_FILE_FLAGS);
    } catch (error) {
      if (GONE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    }
    const stats = await handle.stat();
    if (stats.isFile()) return new FileBody(handle, stats.size);
    await handle.close();
    return undefined;
  }

  /** Closes the file unread. */
  close(): Promise<void> {
    return this.handle.close();
  }

  /** Writes its first `maxBytes` (all of them by default) to a new file at `destination`, and closes it. */
  async copyTo(destination: string, maxBytes = this.byteLength): Promise<void> {
    const length = Math.min(this.byteLength, maxBytes);
    if (length === 0) {
      await this.close();
      await writeFile(destination, '', { flag: 'wx' });
      return;
    }
    await pipeline(this.stream(length), createWriteStream(destination, { flags: 'wx' }));
  }

  /** Its first `length` bytes, once (at least one): the file is closed when they have been read, or when the stream is destroyed. */
  private stream(length: number): ReadStream {
    // `end` is inclusive.
    return this.handle.createReadStream({ start: 0, end: length - 1, autoClose: true });
  }

  /**
   * Ends a response whose head is written with it as the body, as fast as the client reads; a
   * HEAD gets none and the file is not read. A response closed early closes the file.
   */
  sendTo(response: ServerResponse): void {
    if (response.destroyed || response.req.method === 'HEAD' || this.byteLength === 0) {
      void this.close();
      response.end();
      return;
    }
    const bytes = this.stream(this.byteLength);
    response.once('close', () => bytes.destroy());
    bytes.once('error', () => response.destroy());
    bytes.once('end', () => (bytes.bytesRead === this.byteLength ? response.end() : response.destroy()));
    bytes.pipe(response, { end: false });
  }
}
