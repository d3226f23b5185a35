import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecrets, secretsFromKey } from './secrets';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('secrets', () => {
  it('seals and opens a value; a changed byte or another key fails', () => {
    const a = secretsFromKey(Buffer.alloc(32, 1));
    const sealed = a.encrypt('{"d":"private"}');
    expect(sealed).not.toContain('private');
    expect(a.decrypt(sealed)).toBe('{"d":"private"}');
    expect(a.encrypt('x')).not.toBe(a.encrypt('x'));
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => a.decrypt(tampered)).toThrow();
    expect(() => secretsFromKey(Buffer.alloc(32, 2)).decrypt(sealed)).toThrow();
  });

  it('derives a stable secret per purpose', () => {
    const a = secretsFromKey(Buffer.alloc(32, 1));
    expect(a.derive('cookies')).toBe(secretsFromKey(Buffer.alloc(32, 1)).derive('cookies'));
    expect(a.derive('cookies')).not.toBe(a.derive('client'));
  });

  it('makes a key once in the data directory when none is configured, and reads it back', () => {
    const dir = tempDir();
    const first = loadSecrets(undefined, dir);
    expect(first.generated).toBe(true);
    const again = loadSecrets(undefined, dir);
    expect(again.generated).toBe(false);
    expect(again.decrypt(first.encrypt('same'))).toBe('same');
    const configured = loadSecrets(readFileSync(path.join(dir, 'secrets.key'), 'utf8'), tempDir());
    expect(configured.decrypt(first.encrypt('same'))).toBe('same');
  });

  it('refuses a configured key that is not 32 bytes', () => {
    expect(() => loadSecrets('too-short-but-over-thirty-two-chars!!', tempDir())).toThrow(/32 bytes/);
    expect(() => loadSecrets('ab'.repeat(32), tempDir())).not.toThrow();
  });
});
