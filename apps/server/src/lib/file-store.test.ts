import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env';
import { createFileStore } from './file-store';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('createFileStore', () => {
  it('is the local folder DATA_DIR/files unless configured otherwise', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'fd-files-'));
    dir = root;
    const env = loadEnv({ DATA_DIR: root });
    expect(env.fileStore).toEqual({ driver: 'local', dataDir: root });
    const files = await createFileStore(env.fileStore);
    await files.put('entities/e1/logo.png', Buffer.from('png'));
    expect(existsSync(path.join(root, 'files', 'entities/e1/logo.png'))).toBe(true);
    await files.close();
  });
});

describe('the file store’s settings', () => {
  it('reads the S3 settings, keys given or left to the SDK', () => {
    const s3 = { FILE_STORE: 's3', S3_BUCKET: 'frontdesk' };
    expect(loadEnv(s3).fileStore).toEqual({
      driver: 's3',
      bucket: 'frontdesk',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: undefined,
      credentials: undefined,
    });
    const full = loadEnv({
      ...s3,
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'tenants/frontdesk',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
    }).fileStore;
    expect(full).toMatchObject({
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'tenants/frontdesk',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it('fails the start on S3 without a bucket, a bad prefix or half a key pair', () => {
    expect(() => loadEnv({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET: FILE_STORE=s3 needs S3_BUCKET/);
    expect(() => loadEnv({ FILE_STORE: 's3', S3_BUCKET: '' })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_PREFIX: 'a/../b' })).toThrow(/S3_PREFIX/);
    expect(() => loadEnv({ FILE_STORE: 's3', S3_BUCKET: 'b', AWS_ACCESS_KEY_ID: 'id' })).toThrow(
      /AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together/,
    );
    expect(() => loadEnv({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE/);
    // The local driver needs none of them.
    expect(loadEnv({ S3_PREFIX: 'a/../b' }).fileStore.driver).toBe('local');
  });
});
