import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The installation's secret (SECRETS_KEY): it encrypts what is kept at rest (the passport's signing keys)
 * and derives the other secrets (cookie keys, the dashboard's client secret), so one value is all an
 * operator keeps and every node shares.
 */
export type Secrets = {
  /** AES-256-GCM, as `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A 32-byte secret for one purpose, base64url, the same on every node. */
  derive(purpose: string): string;
  /** True when the key was made and stored here because none was configured. */
  generated: boolean;
};

const KEY_FILE = 'secrets.key';

function parseKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, written as 64 hex digits or base64');
  return key;
}

/** The configured key, else the one kept in the data directory, else a new one written there. */
export function loadSecrets(configured: string | undefined, dataDir: string): Secrets {
  let generated = false;
  let key: Buffer;
  if (configured) {
    key = parseKey(configured);
  } else {
    const file = path.join(dataDir, KEY_FILE);
    if (existsSync(file)) {
      key = parseKey(readFileSync(file, 'utf8'));
    } else {
      key = randomBytes(32);
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      generated = true;
    }
  }
  return secretsFromKey(key, generated);
}

export function secretsFromKey(key: Buffer, generated = false): Secrets {
  return {
    generated,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    derive(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)).toString('base64url');
    },
  };
}
