import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkFileKey, exactly, sizeOfPut } from './file-store-checks';
import type { FileStore, PutOptions } from './file-store';

/** Errors that mean "no file at this key": missing, or a path through or onto something else. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isAbsent = (err: unknown) => ABSENT.has((err as NodeJS.ErrnoException | null)?.code ?? '');

/**
 * Files under DATA_DIR/files, a key's segments as folders. Several nodes can share it only as one
 * volume they all mount. A file is written beside its place under a temporary name and renamed into
 * it, so a reader on any node sees the whole old file or the whole new one.
 */
export function createLocalFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, 'files');
  const pathOf = (key: string) => path.join(root, ...checkFileKey(key).split('/'));

  return {
    async put(key: string, data: Buffer | Readable, opts: PutOptions = {}) {
      let temp: string | null = null;
      try {
        const size = sizeOfPut(key, data, opts);
        const full = pathOf(key);
        // The stream's errors are taken from now on, not only once the folder is made.
        const source = Buffer.isBuffer(data) ? null : exactly(data, size, key);
        await mkdir(path.dirname(full), { recursive: true });
        temp = path.join(path.dirname(full), `.${path.basename(full)}.${randomBytes(6).toString('hex')}.tmp`);
        if (source) await pipeline(source, createWriteStream(temp));
        else await writeFile(temp, data);
        await rename(temp, full);
        temp = null;
      } catch (err) {
        if (!Buffer.isBuffer(data)) data.destroy();
        if (temp) await rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      return readFile(pathOf(key)).catch((err: unknown) => {
        if (isAbsent(err)) return null;
        throw err;
      });
    },

    async open(key) {
      let handle: FileHandle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (err) {
        if (isAbsent(err)) return null;
        throw err;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        // The size of the file opened, even if a put renames a new one into its place meanwhile.
        return { stream: handle.createReadStream(), size: info.size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async close() {},
  };
}
