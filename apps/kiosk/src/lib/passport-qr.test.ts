import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KioskPassportKeys, PassportPublicKey } from '@app/shared/kiosks/device-lookup';
import enPassportErrors from '../../../../packages/shared/src/i18n/en/errors.passport.json';
import {
  checkPassportQr,
  looksLikePassportQr,
  passportQrMessageKey,
  type PassportQrReason,
  type SeenJtis,
} from './passport-qr';

// Tokens signed as the passport signs them (jose, ES256), checked the kiosk's way (WebCrypto only).

const ISSUER = 'https://passport.example.test';
const NOW = new Date('2025-06-01T10:00:00Z');
const nowS = Math.floor(NOW.getTime() / 1000);

type Signer = { kid: string; privateKey: CryptoKey; publicJwk: PassportPublicKey };

async function signer(): Promise<Signer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const kid = randomUUID();
  const jwk = await exportJWK(publicKey);
  return {
    kid,
    privateKey,
    publicJwk: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, kid, alg: 'ES256', use: 'sig' },
  };
}

type Claims = { sub?: string; iss?: string; iat?: number; exp?: number; jti?: string };

/** A QR identity as the passport makes it (qr-identity.ts), with any claim or the header's kid changed. */
function sign(key: Signer, claims: Claims = {}, header: { kid?: string; typ?: string } = {}) {
  const iat = claims.iat ?? nowS;
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: header.kid ?? key.kid, typ: header.typ ?? 'passport-qr+jwt' })
    .setSubject(claims.sub ?? 'account-1')
    .setIssuer(claims.iss ?? ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(claims.exp ?? iat + 60)
    .setJti(claims.jti ?? randomUUID())
    .sign(key.privateKey);
}

/** The kiosk's set of taken ids, in memory (IndexedDB in the app). */
function seenJtis(): SeenJtis {
  const taken = new Set<string>();
  return {
    take: async (jti) => {
      if (taken.has(jti)) return false;
      taken.add(jti);
      return true;
    },
  };
}

let passport: Signer;
let retired: Signer;
let stranger: Signer;
let trust: KioskPassportKeys;
beforeAll(async () => {
  [passport, retired, stranger] = await Promise.all([signer(), signer(), signer()]);
  trust = { issuer: ISSUER, keys: [passport.publicJwk, retired.publicJwk] };
});

const check = (token: string, seen = seenJtis(), now = NOW) => checkPassportQr(token, trust, seen, now);
const refusedAs = async (token: string, reason: PassportQrReason, seen?: SeenJtis, now?: Date) =>
  expect(await check(token, seen, now)).toEqual({ ok: false, reason });

describe("a passport's QR identity checked offline", () => {
  it('holds when signed by a kept key, for its issuer, in date, and names the account', async () => {
    const jti = randomUUID();
    const token = await sign(passport, { sub: 'account-42', jti });
    expect(looksLikePassportQr(token)).toBe(true);
    expect(await check(token)).toEqual({ ok: true, accountId: 'account-42', jti, expiresAt: nowS + 60 });
    // A key retired lately is still kept: what it signed before the rotation still holds.
    expect(await check(await sign(retired))).toMatchObject({ ok: true });
  });

  it('refuses a wrong signature, another key and a key the kiosk does not keep', async () => {
    const token = await sign(passport);
    const [header, payload] = token.split('.');
    await refusedAs(`${header}.${payload}.${'A'.repeat(86)}`, 'invalid');
    // Another passport's claims under this signature: the signature no longer holds.
    const other = (await sign(passport, { sub: 'someone-else' })).split('.')[1];
    await refusedAs(`${header}.${other}.${token.split('.')[2]}`, 'invalid');
    // Signed by a stranger's key that claims the passport's kid.
    await refusedAs(await sign(stranger, {}, { kid: passport.kid }), 'invalid');
    // Signed by a key the kiosk was never given.
    await refusedAs(await sign(stranger), 'invalid');
  });

  it("refuses another issuer's token, and one that lives longer than the passport's", async () => {
    await refusedAs(await sign(passport, { iss: 'https://elsewhere.example.test' }), 'invalid');
    await refusedAs(await sign(passport, { exp: nowS + 3600 }), 'invalid');
  });

  it("refuses an expired token by the kiosk's clock, allowing it 5 seconds", async () => {
    await refusedAs(await sign(passport, { iat: nowS - 120 }), 'expired');
    await refusedAs(await sign(passport, { iat: nowS - 65 }), 'expired');
    expect(await check(await sign(passport, { iat: nowS - 64 }))).toMatchObject({ ok: true });
  });

  it('refuses a token issued in the future beyond 5 seconds', async () => {
    await refusedAs(await sign(passport, { iat: nowS + 30 }), 'invalid');
    expect(await check(await sign(passport, { iat: nowS + 5 }))).toMatchObject({ ok: true });
  });

  it('takes a token once on this kiosk; a refused one is not taken', async () => {
    const seen = seenJtis();
    const jti = randomUUID();
    // Shown a minute early (expired first): not taken, so the live code with a new id still works.
    await refusedAs(await sign(passport, { iat: nowS - 120, jti }), 'expired', seen);
    const token = await sign(passport, { jti });
    expect(await check(token, seen)).toMatchObject({ ok: true, jti });
    await refusedAs(token, 'used', seen);
    // Its id again in another token of the passport's: still used.
    await refusedAs(await sign(passport, { jti }), 'used', seen);
  });

  it('refuses a text that is no JWS, or not a passport code', async () => {
    for (const text of ['Q1234ABCD', 'a.b', 'a.b.c', '', `${'x'.repeat(1000)}.${'y'.repeat(1000)}.z`]) {
      expect(looksLikePassportQr(text)).toBe(false);
      await refusedAs(text, 'invalid');
    }
    const otherType = await sign(passport, {}, { typ: 'JWT' });
    expect(looksLikePassportQr(otherType)).toBe(false);
    await refusedAs(otherType, 'invalid');
  });

  it("says the server's messages", () => {
    for (const reason of ['invalid', 'expired', 'used'] as const) {
      const [namespace, key] = passportQrMessageKey(reason).split(':');
      expect(namespace).toBe('errors');
      expect(enPassportErrors).toHaveProperty(key!);
    }
  });
});
