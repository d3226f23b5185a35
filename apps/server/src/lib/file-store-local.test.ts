import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStore } from './file-store-local';
import type { FileStore } from './file-store';

let dir: string;
let files: FileStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fd-local-store-'));
  files = createLocalFileStore(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const folderOf = (...parts: string[]) => path.join(dir, 'files', ...parts);

describe('the local file store', () => {
  it('keeps files under DATA_DIR/files, and refuses a key that would leave it', async () => {
    await files.put('entities/e1/logo.png', Buffer.from('png'));
    expect((await files.get('entities/e1/logo.png'))?.toString()).toBe('png');
    expect(existsSync(folderOf('entities', 'e1', 'logo.png'))).toBe(true);
    for (const key of ['../escaped', 'entities/../../escaped', '/etc/passwd', '.', '', 'a//b']) {
      await expect(files.put(key, Buffer.from('x')), key).rejects.toThrow('invalid file key');
      await expect(files.get(key), key).rejects.toThrow('invalid file key');
      await expect(files.open(key), key).rejects.toThrow('invalid file key');
      await expect(files.remove(key), key).rejects.toThrow('invalid file key');
    }
    expect(existsSync(path.join(dir, 'escaped'))).toBe(false);
  });

  it('answers null for a missing file, and throws for any other failure', async () => {
    expect(await files.get('entities/e1/none.png')).toBeNull();
    expect(await files.open('entities/e1/none.png')).toBeNull();
    await files.put('entities/e1/logo.png', Buffer.from('png'));
    // Through a file as though it were a folder, and a folder as though it were a file: no file there.
    expect(await files.get('entities/e1/logo.png/x')).toBeNull();
    expect(await files.get('entities/e1')).toBeNull();
    expect(await files.open('entities/e1')).toBeNull();
    // A link that loops is neither a file nor an absence.
    symlinkSync(folderOf('entities', 'loop-b'), folderOf('entities', 'loop-a'));
    symlinkSync(folderOf('entities', 'loop-a'), folderOf('entities', 'loop-b'));
    await expect(files.get('entities/loop-a')).rejects.toThrow(/ELOOP/);
    await expect(files.open('entities/loop-a')).rejects.toThrow(/ELOOP/);
  });

  it('puts a stream of its announced size, and opens the file as a stream with its size', async () => {
    const bytes = Buffer.alloc(300_000, 0x5a);
    bytes.write('start', 0);
    const chunks = [bytes.subarray(0, 100_000), bytes.subarray(100_000, 200_000), bytes.subarray(200_000)];
    await files.put('report-exports/e1/x.csv', Readable.from(chunks), { size: bytes.length });
    const opened = await files.open('report-exports/e1/x.csv');
    expect(opened?.size).toBe(bytes.length);
    expect((await buffer(opened!.stream)).equals(bytes)).toBe(true);
    expect((await files.get('report-exports/e1/x.csv'))?.equals(bytes)).toBe(true);
  });

  it('never shows part of a file: the old one stays whole until the new one is complete', async () => {
    await files.put('entities/e1/doc.pdf', Buffer.from('old file'));
    const source = new PassThrough();
    const putting = files.put('entities/e1/doc.pdf', source, { size: 10 });
    source.write('new ');
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect((await files.get('entities/e1/doc.pdf'))?.toString()).toBe('old file');
    source.end('file!!');
    await putting;
    expect((await files.get('entities/e1/doc.pdf'))?.toString()).toBe('new file!!');
    expect(readdirSync(folderOf('entities', 'e1'))).toEqual(['doc.pdf']);
  });

  it('keeps the old file and leaves no temporary one when a put fails', async () => {
    await files.put('entities/e1/doc.pdf', Buffer.from('old file'));
    const failing = new PassThrough();
    const putting = files.put('entities/e1/doc.pdf', failing, { size: 10 });
    failing.write('half');
    failing.destroy(new Error('upload cut'));
    await expect(putting).rejects.toThrow('upload cut');
    // A stream that ends short of its announced size is refused too.
    await expect(files.put('entities/e1/doc.pdf', Readable.from([Buffer.from('short')]), { size: 10 })).rejects.toThrow(
      'ended after 5 of 10 bytes',
    );
    await expect(
      files.put('entities/e1/doc.pdf', Readable.from([Buffer.from('x')]), {} as { size: number }),
    ).rejects.toThrow('a stream is put with its size');
    expect((await files.get('entities/e1/doc.pdf'))?.toString()).toBe('old file');
    expect(readdirSync(folderOf('entities', 'e1'))).toEqual(['doc.pdf']);
  });

  it('removes a file, and a file that is not there without an error', async () => {
    await files.put('entities/e1/logo.png', Buffer.from('png'));
    await files.remove('entities/e1/logo.png');
    expect(await files.get('entities/e1/logo.png')).toBeNull();
    await expect(files.remove('entities/e1/logo.png')).resolves.toBeUndefined();
    await expect(files.remove('entities/never/was.png')).resolves.toBeUndefined();
  });
});
