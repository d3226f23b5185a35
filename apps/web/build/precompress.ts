// Brotli and gzip copies of the built files, written once at build time so the server sends them
// as they are (@fastify/static `preCompressed`) instead of compressing on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats only: images and fonts are compressed already. Source maps are left out: browsers
// are never sent them (the build keeps them `hidden`, for debugging).
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

export const isCompressible = (fileName: string): boolean => COMPRESSIBLE.test(fileName);

export type CompressedCopy = { file: string; bytes: Buffer };

/** Brotli at its best quality, for text of `size` bytes. */
export const brotliParams = (size: number): Record<number, number> => ({
  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_SIZE_HINT]: size,
});

/**
 * The copies worth keeping of one file: brotli at its best quality and gzip at level 9, each only
 * when smaller than the file itself (a tiny file can grow), so the server falls back to the original.
 */
export async function compressedCopies(file: string, content: Buffer): Promise<CompressedCopy[]> {
  const [br, gz] = await Promise.all([
    brotli(content, { params: brotliParams(content.length) }),
    gzipAsync(content, { level: 9 }),
  ]);
  return [
    { file: `${file}.br`, bytes: br },
    { file: `${file}.gz`, bytes: gz },
  ].filter((copy) => copy.bytes.length < content.length);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of a folder. */
export async function precompressFolder(dir: string): Promise<{ files: number; copies: number }> {
  const files = (await filesUnder(dir)).filter(isCompressible);
  let copies = 0;
  await Promise.all(
    files.map(async (file) => {
      for (const copy of await compressedCopies(file, await readFile(file))) {
        await writeFile(copy.file, copy.bytes);
        copies++;
      }
    }),
  );
  return { files: files.length, copies };
}

/** After `vite build` has written the whole output folder (the bundle and the public files). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, copies } = await precompressFolder(outDir);
      this.info(`precompressed ${files} files (${copies} .br/.gz copies)`);
    },
  };
}
