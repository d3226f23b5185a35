import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileStore } from './file-store';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('createFileStore', () => {
  it('keeps files under DATA_DIR/files and refuses a key that leaves it', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fd-files-'));
    const files = createFileStore(dir);
    await files.put('entities/e1/logo.png', Buffer.from('png'));
    expect((await files.get('entities/e1/logo.png'))?.toString()).toBe('png');
    expect(existsSync(path.join(dir, 'files', 'entities/e1/logo.png'))).toBe(true);
    for (const key of ['../escaped', 'entities/../../escaped', '/etc/passwd', '.', '']) {
      await expect(files.put(key, Buffer.from('x')), key).rejects.toThrow('file key escapes the store');
    }
    expect(existsSync(path.join(dir, 'escaped'))).toBe(false);
    await expect(files.get('../../etc/passwd')).rejects.toThrow('file key escapes the store');
  });
});
