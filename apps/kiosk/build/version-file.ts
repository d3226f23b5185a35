// The build's `version.json` (decision 044): the app's version and its key, a hash of the content of
// every file the build wrote, so a kiosk told to update to a key can check that what it downloads is
// that build. The server lists it as the version it serves (kiosk-app-versions.ts).
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

export const VERSION_FILE = 'version.json';

export type VersionFile = { version: string; key: string; built_at: string };

// The file itself, compressed copies (written after it) and source maps (never sent) are no content.
const NOT_CONTENT = /(?:^|\/)version\.json$|\.(?:br|gz|map)$/;

/** A hash of the files' names and contents, in a fixed order: the same build gives the same key. */
export function contentKey(files: { name: string; bytes: Uint8Array }[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (NOT_CONTENT.test(file.name)) continue;
    hash.update(`${file.name}\0`);
    hash.update(file.bytes);
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

async function readFolder(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => {
        const full = path.join(e.parentPath, e.name);
        return { name: path.relative(dir, full).split(path.sep).join('/'), bytes: await readFile(full) };
      }),
  );
}

/** Writes version.json once every other plugin (the service worker's included) has written its files. */
export function versionFile(version: string): Plugin {
  let outDir = '';
  return {
    name: 'kiosk-version-file',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const key = contentKey(await readFolder(outDir));
        const file: VersionFile = { version, key, built_at: new Date().toISOString() };
        await writeFile(path.join(outDir, VERSION_FILE), `${JSON.stringify(file, null, 2)}\n`);
        this.info(`version ${version}, key ${key}`);
      },
    },
  };
}
