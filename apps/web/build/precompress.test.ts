import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressedCopies, isCompressible, precompressFolder } from './precompress';

const TEXT = Buffer.from('const message = "a text that repeats itself";\n'.repeat(100));

describe('isCompressible', () => {
  it('takes the text formats a browser loads', () => {
    for (const file of ['assets/start-Ab12.js', 'a.mjs', 'assets/x.css', 'index.html', 'favicon.svg', 'm.json'])
      expect(isCompressible(file), file).toBe(true);
  });

  it('leaves out source maps, images, fonts and compressed copies', () => {
    for (const file of ['assets/start-Ab12.js.map', 'logo.png', 'font.woff2', 'a.js.br', 'a.js.gz', 'README'])
      expect(isCompressible(file), file).toBe(false);
  });
});

describe('compressedCopies', () => {
  it('gives a brotli and a gzip copy that unpack to the file', async () => {
    const copies = await compressedCopies('/out/a.js', TEXT);
    expect(copies.map((c) => c.file)).toEqual(['/out/a.js.br', '/out/a.js.gz']);
    expect(brotliDecompressSync(copies[0]!.bytes).equals(TEXT)).toBe(true);
    expect(gunzipSync(copies[1]!.bytes).equals(TEXT)).toBe(true);
    expect(copies[0]!.bytes.length).toBeLessThan(copies[1]!.bytes.length);
  });

  it('keeps no copy that would be larger than the file', async () => {
    expect(await compressedCopies('/out/tiny.js', Buffer.from('x'))).toEqual([]);
  });
});

describe('precompressFolder', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the copies beside every compressible file, in nested folders too', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fd-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), TEXT);
    writeFileSync(path.join(dir, 'assets', 'start-Ab12.js'), TEXT);
    writeFileSync(path.join(dir, 'assets', 'start-Ab12.js.map'), TEXT);
    writeFileSync(path.join(dir, 'assets', 'logo.png'), TEXT);

    expect(await precompressFolder(dir)).toEqual({ files: 2, copies: 4 });
    expect(readdirSync(dir).sort()).toEqual(['assets', 'index.html', 'index.html.br', 'index.html.gz']);
    expect(readdirSync(path.join(dir, 'assets')).sort()).toEqual([
      'logo.png',
      'start-Ab12.js',
      'start-Ab12.js.br',
      'start-Ab12.js.gz',
      'start-Ab12.js.map',
    ]);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets', 'start-Ab12.js.br'))).equals(TEXT)).toBe(true);
  });
});
