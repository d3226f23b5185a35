import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Files under DATA_DIR/files. Keys are made by the server, never taken from a client. */
export function createFileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`file key escapes the store: ${key}`);
    return full;
  };
  return {
    async put(key: string, data: Buffer) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, data);
    },
    async get(key: string): Promise<Buffer | null> {
      return readFile(resolve(key)).catch(() => null);
    },
    async remove(key: string) {
      await rm(resolve(key), { force: true });
    },
    /** The file's path on disk, for what is written or read as a stream (a large export). */
    pathOf(key: string): string {
      return resolve(key);
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;
