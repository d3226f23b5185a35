import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashKioskCode, normaliseKioskCode } from './code-hash';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('kiosk code hashes', () => {
  it('is the SHA-256 of salt, kind and code, as node:crypto computes it', () => {
    expect(hashKioskCode('s', 'qr', 'abc')).toBe(nodeSha256('s\nqr\nabc'));
    // The published test vector of SHA-256 ("abc"), reached through the same function.
    expect(nodeSha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    fc.assert(
      fc.property(fc.string(), fc.string({ unit: 'grapheme' }), (salt, code) => {
        expect(hashKioskCode(salt, 'qr', code)).toBe(nodeSha256(`${salt}\nqr\n${code.trim()}`));
      }),
    );
  });

  it('reads a card number as the enrolment stores it, and a QR code as scanned', () => {
    expect(normaliseKioskCode('card', ' 04:a2-3f 9b ')).toBe('04A23F9B');
    expect(hashKioskCode('salt', 'card', '04:a2-3f 9b')).toBe(hashKioskCode('salt', 'card', '04A23F9B'));
    expect(normaliseKioskCode('qr', ' AbC-_1 ')).toBe('AbC-_1');
    expect(hashKioskCode('salt', 'qr', 'abc')).not.toBe(hashKioskCode('salt', 'qr', 'ABC'));
  });

  it('differs by salt and by kind', () => {
    expect(hashKioskCode('one', 'qr', '1234ABCD')).not.toBe(hashKioskCode('two', 'qr', '1234ABCD'));
    expect(hashKioskCode('one', 'qr', '1234ABCD')).not.toBe(hashKioskCode('one', 'card', '1234ABCD'));
    expect(hashKioskCode('one', 'card', '1234abcd')).toMatch(/^[0-9a-f]{64}$/);
  });
});
