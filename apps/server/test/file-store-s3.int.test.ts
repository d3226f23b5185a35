// The S3 driver of the file store against a real S3-compatible server on this machine (s3rver): what is
// put reads back byte for byte, whole or streamed; a missing object is null and every other failure
// throws (a missing bucket, refused keys, a server in trouble, nobody listening); a streamed upload of
// the wrong length fails instead of hanging; keys stay under the configured prefix. (That a reader
// never sees part of an object is S3's own promise for a PutObject; s3rver does not keep it.)
import { createServer } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../src/lib/file-store-s3';
import type { FileStore } from '../src/lib/file-store';
import { startS3Server, type TestS3 } from './helpers/s3-server';

let s3: TestS3;
let files: FileStore;
const warnings: string[] = [];
const log = { warn: (m: string) => warnings.push(m), error: (m: string) => warnings.push(m) };

beforeAll(async () => {
  s3 = await startS3Server();
  files = await createS3FileStore(s3.config, log);
});
afterAll(async () => {
  await files.close();
  await s3.close();
});

/** Bytes that differ along their length, so a chunk out of place would show. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32BE(i, i);
  return bytes;
}

const chunked = (bytes: Buffer, chunk: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk)),
  );

describe('the S3 file store', () => {
  it('puts a Buffer and gets it back, at the key in the bucket, signed', async () => {
    s3.requests.length = 0;
    await files.put('entities/e1/logo.png', Buffer.from('png bytes'), { contentType: 'image/png' });
    expect((await files.get('entities/e1/logo.png'))?.toString()).toBe('png bytes');
    expect(s3.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /${s3.bucket}/entities/e1/logo.png`,
      `GET /${s3.bucket}/entities/e1/logo.png`,
    ]);
  });

  it('answers null for a missing object, from get and from open', async () => {
    expect(await files.get('entities/e1/none.png')).toBeNull();
    expect(await files.open('entities/e1/none.png')).toBeNull();
  });

  it('puts a stream of N bytes in one request of that length, and reads the same N bytes back', async () => {
    const bytes = pattern(5 * 1024 * 1024 + 3);
    s3.requests.length = 0;
    await files.put('report-exports/e1/big.xlsx', chunked(bytes, 64 * 1024 + 7), { size: bytes.length });
    // One plain upload: no aws-chunked framing (which a compatible server may store as the bytes).
    expect(s3.requests).toEqual([
      {
        method: 'PUT',
        path: `/${s3.bucket}/report-exports/e1/big.xlsx`,
        contentLength: String(bytes.length),
        contentEncoding: '',
      },
    ]);
    const opened = await files.open('report-exports/e1/big.xlsx');
    expect(opened?.size).toBe(bytes.length);
    const streamed = await buffer(opened!.stream);
    expect(streamed.length).toBe(bytes.length);
    expect(streamed.equals(bytes)).toBe(true);
    expect((await files.get('report-exports/e1/big.xlsx'))?.equals(bytes)).toBe(true);
  });

  // S3 keeps no object from an upload cut short of its Content-Length; s3rver, unlike S3, writes over the
  // object as the bytes come, so what is left there after one is not asserted here.
  it('fails a streamed put of the wrong length, or whose stream fails, rather than hang', async () => {
    await expect(files.put('entities/e1/doc.pdf', Readable.from([Buffer.from('short')]), { size: 10 })).rejects.toThrow(
      'the stream ended after 5 of 10 bytes',
    );
    await expect(
      files.put('entities/e1/doc.pdf', Readable.from([Buffer.from('far too long')]), { size: 10 }),
    ).rejects.toThrow('longer than the 10 bytes announced');
    const cut = new PassThrough();
    const putting = files.put('entities/e1/doc.pdf', cut, { size: 100_000 });
    cut.write(Buffer.alloc(1000));
    setImmediate(() => cut.destroy(new Error('upload cut')));
    await expect(putting).rejects.toThrow('upload cut');
  });

  it('removes an object, and an absent one without an error', async () => {
    await files.put('entities/e1/gone.png', Buffer.from('x'));
    await files.remove('entities/e1/gone.png');
    expect(await files.get('entities/e1/gone.png')).toBeNull();
    await expect(files.remove('entities/e1/gone.png')).resolves.toBeUndefined();
  });

  it('refuses a bad key before asking the server', async () => {
    s3.requests.length = 0;
    for (const key of ['../x', '/x', 'a//b', '', 'a/./b']) {
      await expect(files.put(key, Buffer.from('x')), key).rejects.toThrow('invalid file key');
      await expect(files.get(key), key).rejects.toThrow('invalid file key');
    }
    expect(s3.requests).toEqual([]);
  });

  it('keeps keys under the prefix, apart from another prefix', async () => {
    const tenantA = await createS3FileStore({ ...s3.config, prefix: '/installs/a/' }, log);
    const tenantB = await createS3FileStore({ ...s3.config, prefix: 'installs/b' }, log);
    try {
      s3.requests.length = 0;
      await tenantA.put('entities/e1/logo.png', Buffer.from('a'));
      expect(s3.requests[0]?.path).toBe(`/${s3.bucket}/installs/a/entities/e1/logo.png`);
      expect(await tenantB.get('entities/e1/logo.png')).toBeNull();
      expect((await files.get('installs/a/entities/e1/logo.png'))?.toString()).toBe('a');
    } finally {
      await tenantA.close();
      await tenantB.close();
    }
    await expect(createS3FileStore({ ...s3.config, prefix: 'a/../b' })).rejects.toThrow('S3_PREFIX');
  });

  it('retries a passing server error, and throws when it lasts', async () => {
    await files.put('entities/e1/r.png', Buffer.from('retried'));
    s3.failNext(1);
    expect((await files.get('entities/e1/r.png'))?.toString()).toBe('retried');
    s3.failNext(1, { method: 'PUT' });
    await files.put('entities/e1/r.png', Buffer.from('put again'));
    expect((await files.get('entities/e1/r.png'))?.toString()).toBe('put again');

    s3.failNext(10);
    await expect(files.get('entities/e1/r.png')).rejects.toThrow(
      /reading entities\/e1\/r.png failed: We encountered an internal error/,
    );
    s3.failNext(10);
    await expect(files.open('entities/e1/r.png')).rejects.toThrow('internal error');
    s3.failNext(10);
    await expect(files.remove('entities/e1/r.png')).rejects.toThrow('internal error');
    s3.failNext(0);
    // A streamed body is sent once: its failure is the caller's to retry (an export's job runs again).
    s3.failNext(1, { method: 'PUT' });
    await expect(files.put('entities/e1/r.png', Readable.from([Buffer.from('abc')]), { size: 3 })).rejects.toThrow(
      'internal error',
    );
    expect(warnings.some((w) => w.includes('non-retryable streaming request'))).toBe(true);
    expect((await files.get('entities/e1/r.png'))?.toString()).toBe('put again');
  });

  it('throws, never answers null, for a missing bucket, refused keys or no server', async () => {
    const noBucket = await createS3FileStore({ ...s3.config, bucket: 'no-such-bucket' }, log);
    const wrongKeys = await createS3FileStore(
      { ...s3.config, credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'x' } },
      log,
    );
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const nobody = await createS3FileStore(
      { ...s3.config, endpoint: `http://127.0.0.1:${closedPort}`, maxAttempts: 1 },
      log,
    );
    try {
      await expect(noBucket.get('entities/e1/logo.png')).rejects.toThrow('The specified bucket does not exist');
      await expect(noBucket.open('entities/e1/logo.png')).rejects.toThrow('bucket does not exist');
      await expect(noBucket.put('entities/e1/logo.png', Buffer.from('x'))).rejects.toThrow('bucket does not exist');
      await expect(wrongKeys.get('entities/e1/logo.png')).rejects.toThrow('Access Denied');
      await expect(nobody.get('entities/e1/logo.png')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await Promise.all([noBucket.close(), wrongKeys.close(), nobody.close()]);
    }
  });
});
