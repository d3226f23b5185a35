import { Readable } from 'node:stream';
import { checkFileKey, exactly, isFileKey, sizeOfPut } from './file-store-checks';
import type { FileStore, FileStoreConfig, PutOptions } from './file-store';

// Files as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …), through the AWS SDK v3,
// which is loaded with the first store made: a node on the local driver never loads it.

type S3Config = Extract<FileStoreConfig, { driver: 's3' }>;

/** The prefix as keys take it: no slash at either end, one after it; '' for none. */
export function keyPrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (!trimmed) return '';
  if (!isFileKey(trimmed)) throw new Error(`S3_PREFIX is not a key prefix: ${JSON.stringify(prefix)}`);
  return `${trimmed}/`;
}

/** S3's answer for a key with no object. A missing bucket (NoSuchBucket, also a 404) is a failure. */
const isNoSuchKey = (err: unknown) => (err as { name?: unknown } | null)?.name === 'NoSuchKey';

const failure = (doing: string, key: string, err: unknown) =>
  new Error(`file store (S3): ${doing} ${key} failed: ${err instanceof Error ? err.message : String(err)}`, {
    cause: err,
  });

/** Where the SDK's own warnings go (a streamed upload it would not retry, …); it prints them otherwise. */
export type S3Log = { warn: (message: string) => void; error: (message: string) => void };

export async function createS3FileStore(config: S3Config, log?: S3Log): Promise<FileStore> {
  const { S3Client, GetObjectCommand, PutObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const prefix = keyPrefix(config.prefix);
  const Bucket = config.bucket;
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    maxAttempts: config.maxAttempts,
    // Its debug and info lines (every call's input and output) are left out.
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warn: (...content: unknown[]) => log?.warn(`S3 client: ${content.map(String).join(' ')}`),
      error: (...content: unknown[]) => log?.error(`S3 client: ${content.map(String).join(' ')}`),
    },
    // Checksums only where S3 requires them. By default the SDK sends a streamed body as aws-chunked with
    // a trailing CRC32, which S3-compatible servers do not all understand (s3rver stored the chunk framing
    // as the file's bytes); the length is still checked on the way (`exactly`) and by the server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // A store that cannot be reached fails the request in seconds rather than holding it.
    requestHandler: { connectionTimeout: 5_000 },
  });
  const objectKey = (key: string) => prefix + checkFileKey(key);

  async function getObject(key: string) {
    const Key = objectKey(key);
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key }));
    } catch (err) {
      if (isNoSuchKey(err)) return null;
      throw failure('reading', key, err);
    }
  }

  return {
    async put(key: string, data: Buffer | Readable, opts: PutOptions = {}) {
      const stream = Buffer.isBuffer(data) ? null : data;
      let size: number;
      let Key: string;
      try {
        size = sizeOfPut(key, data, opts);
        Key = objectKey(key);
      } catch (err) {
        stream?.destroy();
        throw err;
      }
      // The SDK pipes a stream into the request, which would then wait for the rest of its length
      // forever: a stream that fails (or gives the wrong length) aborts the request instead.
      const abort = new AbortController();
      const Body = stream ? exactly(stream, size, key).once('error', (err) => abort.abort(err)) : data;
      try {
        // One PutObject with its length: S3 stores the object whole or not at all. A stream is sent once
        // (the SDK does not retry a streamed body); a Buffer is retried as any call.
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body, ContentLength: size, ContentType: opts.contentType }),
          { abortSignal: abort.signal },
        );
      } catch (err) {
        stream?.destroy();
        throw failure('writing', key, abort.signal.aborted ? abort.signal.reason : err);
      }
    },

    async get(key) {
      const found = await getObject(key);
      if (!found) return null;
      try {
        if (!found.Body) throw new Error('the answer has no body');
        return Buffer.from(await found.Body.transformToByteArray());
      } catch (err) {
        throw failure('reading', key, err);
      }
    },

    async open(key) {
      const found = await getObject(key);
      if (!found) return null;
      const stream = found.Body;
      if (!(stream instanceof Readable) || found.ContentLength === undefined) {
        if (stream instanceof Readable) stream.destroy();
        throw failure('opening', key, new Error('the answer has no readable body with a length'));
      }
      return { stream, size: found.ContentLength };
    },

    async remove(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (err) {
        // S3 answers 204 for a key with no object; some compatible servers answer NoSuchKey.
        if (!isNoSuchKey(err)) throw failure('removing', key, err);
      }
    },

    async close() {
      client.destroy();
    },
  };
}
