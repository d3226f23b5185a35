import type { Readable } from 'node:stream';
import { Transform, pipeline } from 'node:stream';
import type { PutOptions } from './file-store';

// What both file store drivers check the same way, so a caller that works on one works on the other.

/** S3's limit on an object key, in bytes (a configured prefix included). */
const MAX_KEY_BYTES = 1024;
// Control characters, and backslashes, which a folder on Windows would read as separators.
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const REFUSED_CHARS = /[\u0000-\u001f\u007f\\]/;

/**
 * Whether `key` is a file key: `/`-separated segments, none of them empty, `.` or `..`, so not absolute
 * and never leading out of the store's folder or prefix.
 */
export function isFileKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key) > MAX_KEY_BYTES || REFUSED_CHARS.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The key, or a throw: keys are made by the server, never taken from a client, so a bad one is a bug. */
export function checkFileKey(key: string): string {
  if (!isFileKey(key)) throw new Error(`invalid file key (it would escape the store): ${JSON.stringify(key)}`);
  return key;
}

/**
 * The byte count of what is put: a Buffer's length, or the size a stream announces. A stream needs one:
 * S3 takes an upload's length before its first byte, and the local driver asks the same so that code
 * tried on one driver works on the other.
 */
export function sizeOfPut(key: string, data: Buffer | Readable, opts: PutOptions): number {
  if (Buffer.isBuffer(data)) {
    if (opts.size !== undefined && opts.size !== data.length) {
      throw new Error(`file store: ${key}: ${data.length} bytes given, ${opts.size} announced`);
    }
    return data.length;
  }
  if (opts.size === undefined || !Number.isSafeInteger(opts.size) || opts.size < 0) {
    throw new Error(`file store: ${key}: a stream is put with its size`);
  }
  return opts.size;
}

/**
 * The stream's bytes, failing (instead of stalling or storing a cut file) when it gives more or fewer
 * than announced: an HTTP upload with a Content-Length would otherwise wait for bytes that never come.
 */
export function exactly(source: Readable, size: number, key: string): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) done(new Error(`file store: ${key}: the stream is longer than the ${size} bytes announced`));
      else done(null, chunk);
    },
    flush(done) {
      done(seen === size ? null : new Error(`file store: ${key}: the stream ended after ${seen} of ${size} bytes`));
    },
  });
  // Errors travel to `counter` (the reader's end) and destroy both; the callback only keeps them handled.
  return pipeline(source, counter, () => undefined);
}
