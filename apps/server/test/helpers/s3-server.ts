import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { FileStoreConfig } from '../../src/lib/file-store';

// A real S3-compatible server on this machine for tests: s3rver (from npm), which keeps a bucket's
// objects in a temporary folder and answers S3's REST API path-style, with S3's error codes (NoSuchKey,
// NoSuchBucket, InvalidAccessKeyId). It checks the access key of a signed request but not the SigV4
// signature itself, so a front middleware here also refuses any request not signed AWS4-HMAC-SHA256, records
// what it was sent, and can make the next requests fail as S3 does when it is in trouble.

/** s3rver's one built-in account. */
export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type S3Request = { method: string; path: string; contentLength: string; contentEncoding: string };

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** Settings (environment) for an app whose files go to this server. */
  env: Record<string, string>;
  /** The same, as the S3 driver takes them. */
  config: Extract<FileStoreConfig, { driver: 's3' }>;
  /** Every request the server received, oldest first. */
  requests: S3Request[];
  /** The next `count` requests (of `method` only, when given) answer `status` with S3's InternalError. */
  failNext: (count: number, opts?: { status?: number; method?: string }) => void;
  close: () => Promise<void>;
};

/** The little of a Koa context the front middleware uses. */
type Context = {
  method: string;
  path: string;
  status: number;
  type: string;
  body: unknown;
  get: (header: string) => string;
};
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startS3Server({ bucket = 'frontdesk-files' }: { bucket?: string } = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'fd-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const requests: S3Request[] = [];
  let faults: { count: number; status: number; method?: string } = { count: 0, status: 500 };

  const front: Middleware = async (ctx, next) => {
    requests.push({
      method: ctx.method,
      path: ctx.path,
      contentLength: ctx.get('content-length'),
      contentEncoding: ctx.get('content-encoding'),
    });
    if (!ctx.get('authorization').startsWith(`AWS4-HMAC-SHA256 Credential=${S3_TEST_KEYS.accessKeyId}/`)) {
      ctx.status = 403;
      ctx.type = 'application/xml';
      ctx.body = errorXml('AccessDenied', 'Access Denied');
      return;
    }
    if (faults.count > 0 && (!faults.method || faults.method === ctx.method)) {
      faults.count -= 1;
      ctx.status = faults.status;
      ctx.type = 'application/xml';
      ctx.body = errorXml('InternalError', 'We encountered an internal error. Please try again.');
      return;
    }
    await next();
  };
  // s3rver is a Koa application: its middleware runs in this array's order, composed when it starts.
  const koa = server as unknown as { middleware: Middleware[]; on: (event: 'error', fn: () => void) => void };
  koa.middleware.unshift(front);
  // Errors are answered to the client as S3 error XML; without a listener Koa would also print them.
  koa.on('error', () => undefined);

  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3_TEST_KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_KEYS.secretAccessKey,
    },
    config: {
      driver: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { ...S3_TEST_KEYS },
    },
    requests,
    failNext: (count, opts = {}) => {
      faults = { count, status: opts.status ?? 500, method: opts.method };
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
