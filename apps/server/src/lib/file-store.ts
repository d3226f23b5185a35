import type { Readable } from 'node:stream';
import { createLocalFileStore } from './file-store-local';

// Stored files (uploads, imports' photos, report exports) behind one interface with two drivers: a
// folder (DATA_DIR/files: one node, or a volume every node mounts) and S3-compatible object storage,
// so that with several app nodes a file written through one is read through any other.

export type PutOptions = {
  /** The byte count: required with a stream (checked against what it gives), optional with a Buffer. */
  size?: number;
  contentType?: string;
};

/** An opened file: read `stream` to its end or destroy it. */
export type StoredFile = { stream: Readable; size: number };

export type FileStore = {
  /**
   * Writes the whole file at `key`, replacing any before it; a reader sees the old file or the new one,
   * never part of one. A stream needs `opts.size`.
   */
  put(key: string, data: Buffer, opts?: PutOptions): Promise<void>;
  put(key: string, data: Readable, opts: PutOptions & { size: number }): Promise<void>;
  /** The file's bytes; null only when there is none at `key` (any other failure throws). */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream with its size, for large files sent on (exports); null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; none at `key` is no error. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (the app's close calls it). */
  close(): Promise<void>;
};

export type FileStoreConfig =
  | { driver: 'local'; dataDir: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible service's endpoint (MinIO, Ceph, R2, …); none: AWS. */
      endpoint?: string;
      forcePathStyle: boolean;
      /** Put before every key, e.g. `frontdesk/` to share a bucket. */
      prefix?: string;
      /** Given: these keys; none: the SDK's default chain (profiles, SSO, container and instance roles). */
      credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
      /** Tries per call, the first included (the SDK's default, 3, when not given). */
      maxAttempts?: number;
    };

/** The configured store. The S3 driver, and the AWS SDK with it, is loaded only when configured. */
export async function createFileStore(
  config: FileStoreConfig,
  log?: { warn: (message: string) => void; error: (message: string) => void },
): Promise<FileStore> {
  if (config.driver === 'local') return createLocalFileStore(config.dataDir);
  const { createS3FileStore } = await import('./file-store-s3');
  return createS3FileStore(config, log);
}
