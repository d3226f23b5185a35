import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { checkFileKey, exactly, isFileKey, sizeOfPut } from './file-store-checks';

describe('file keys', () => {
  it('takes the keys the server makes', () => {
    for (const key of [
      'entities/0197a3c2-7d1e-7000-8000-000000000001/logo.png',
      'entities/e1/people/p1/documents/AbC_d-9.pdf',
      'report-exports/e1/x.xlsx',
      'a',
      '.hidden/..dots/x..y',
    ]) {
      expect(isFileKey(key), key).toBe(true);
      expect(checkFileKey(key)).toBe(key);
    }
  });

  it('refuses keys that are empty, absolute, climb out or have empty segments', () => {
    for (const key of [
      '',
      '/etc/passwd',
      '../escaped',
      'entities/../../escaped',
      'entities/..',
      '.',
      './a',
      'a//b',
      'a/',
      'a\\..\\b',
      'a\u0000b',
      'a\nb',
      'x'.repeat(1025),
    ]) {
      expect(isFileKey(key), JSON.stringify(key)).toBe(false);
      expect(() => checkFileKey(key), JSON.stringify(key)).toThrow('invalid file key');
    }
  });
});

describe('sizeOfPut', () => {
  it('takes a Buffer’s length, checks a size given with it, and needs one with a stream', () => {
    expect(sizeOfPut('k', Buffer.from('abc'), {})).toBe(3);
    expect(sizeOfPut('k', Buffer.from('abc'), { size: 3 })).toBe(3);
    expect(() => sizeOfPut('k', Buffer.from('abc'), { size: 4 })).toThrow('3 bytes given, 4 announced');
    expect(sizeOfPut('k', Readable.from([]), { size: 0 })).toBe(0);
    expect(() => sizeOfPut('k', Readable.from([]), {})).toThrow('a stream is put with its size');
    expect(() => sizeOfPut('k', Readable.from([]), { size: -1 })).toThrow('a stream is put with its size');
    expect(() => sizeOfPut('k', Readable.from([]), { size: 1.5 })).toThrow('a stream is put with its size');
  });
});

describe('exactly', () => {
  const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

  it('passes a stream of the announced length through', async () => {
    expect(await text(exactly(chunks('hello ', 'world'), 11, 'k'))).toBe('hello world');
  });

  it('fails a stream shorter or longer than announced, and one that fails itself', async () => {
    await expect(text(exactly(chunks('hello'), 6, 'k'))).rejects.toThrow('ended after 5 of 6 bytes');
    await expect(text(exactly(chunks('hello', ' world'), 6, 'k'))).rejects.toThrow('longer than the 6 bytes');
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    await expect(text(exactly(broken, 6, 'k'))).rejects.toThrow('disk gone');
  });
});
