// A kiosk checks a passport's QR identity while offline (decision 047): its people list carries the hash
// of each person's passport (the active one whose verified address is theirs), GET /kiosk-device/passport-keys
// the passport's keys and issuer, and a token the passport signs holds under the kiosk's own check with
// them and names that person. Another company's kiosk learns nothing of the first company's people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKioskCode } from '@app/shared/kiosks/code-hash';
import type { KioskPassportKeys, KioskPeoplePage } from '@app/shared/kiosks/device-lookup';
import { checkPassportQr, PASSPORT_QR_TYPE, PASSPORT_QR_VALID_S, type SeenJtis } from '../../kiosk/src/lib/passport-qr';
import { passportAccounts } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { QR_TYPE, QR_VALID_S, signQrIdentity } from '../src/modules/passport-trust/qr-identity';
import { currentSigningKey, publishedKeys } from '../src/modules/passport-trust/signing-keys';
import { TestClient } from './helpers/http-client';
import { pairJourneyKiosk } from './helpers/kiosk-pairing';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld } from './helpers/visits-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** A passport account as the passport keeps it: its address lower-cased, verified or not, active or not. */
async function passport(email: string, opts: { verified?: boolean; status?: 'active' | 'deactivated' } = {}) {
  const id = newId();
  await ctx.db.db.insert(passportAccounts).values({
    id,
    email: email.toLowerCase(),
    emailVerifiedAt: opts.verified === false ? null : new Date(),
    passwordHash: 'not-used-here',
    firstName: 'Pass',
    lastName: 'Holder',
    status: opts.status ?? 'active',
    deactivatedAt: opts.status === 'deactivated' ? new Date() : null,
  });
  return id;
}

const unique = () => newId().slice(-8);

/** A company whose journey has a flow for visitors, and a kiosk at its reception running it. */
async function kioskWorld() {
  const w = await visitsWorld(ctx.app, ctx.db.db);
  await w.flow(w.types.visitors);
  const kiosk = await pairJourneyKiosk(ctx.app, w.admin, w.areas.reception, w.journey);
  return { w, kiosk };
}

async function peopleOf(device: TestClient) {
  const res = await device.get('/kiosk-device/people');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KioskPeoplePage>();
}

async function keysOf(device: TestClient) {
  const res = await device.get('/kiosk-device/passport-keys');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KioskPassportKeys>();
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

describe("the people list's passports", () => {
  it("hashes the active passport of a person's verified address, and nobody else's", async () => {
    const { w, kiosk } = await kioskWorld();
    const tag = unique();
    // The person's address in another case than the passport's: addresses are compared without case.
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq, { email: `Ada.${tag}@Example.Test` });
    const bea = await w.person('Bea', w.types.visitors, w.sites.hq, { email: `bea.${tag}@example.test` });
    const cy = await w.person('Cy', w.types.visitors, w.sites.hq, { email: `cy.${tag}@example.test` });
    const dee = await w.person('Dee', w.types.visitors, w.sites.hq, { email: `dee.${tag}@example.test` });
    const noEmail = await w.person('Eve', w.types.visitors, w.sites.hq, { email: null });
    const adaPassport = await passport(`ada.${tag}@example.test`);
    await passport(`bea.${tag}@example.test`, { verified: false });
    await passport(`cy.${tag}@example.test`, { status: 'deactivated' });

    const page = await peopleOf(kiosk.device);
    const hashOf = new Map(page.data.map((p) => [p.id, p.passport_hash]));
    expect(hashOf.get(ada.id)).toBe(hashKioskCode(page.salt, 'passport', adaPassport));
    for (const other of [bea, cy, dee, noEmail]) expect(hashOf.get(other.id)).toBeNull();
    // Only the hash: neither the address nor the passport's id reaches the kiosk.
    expect(JSON.stringify(page)).not.toContain(adaPassport);
    expect(JSON.stringify(page).toLowerCase()).not.toContain(`ada.${tag}`);
  });

  it("gives another company's kiosk nothing of the first company's people; its own holder has its own hash", async () => {
    const first = await kioskWorld();
    const other = await kioskWorld();
    const email = `ada.${unique()}@example.test`;
    const ada = await first.w.person('Ada', first.w.types.visitors, first.w.sites.hq, { email });
    const accountId = await passport(email);
    const firstPage = await peopleOf(first.kiosk.device);
    const mine = firstPage.data.find((p) => p.id === ada.id)!.passport_hash;
    expect(mine).toBe(hashKioskCode(firstPage.salt, 'passport', accountId));

    const otherPage = await peopleOf(other.kiosk.device);
    expect(otherPage.data.map((p) => p.id)).not.toContain(ada.id);
    expect(otherPage.data.some((p) => p.passport_hash !== null)).toBe(false);
    // The same passport holder as a person of the other company: known there by its own salt's hash.
    const there = await other.w.person('Ada', other.w.types.visitors, other.w.sites.hq, { email });
    const againPage = await peopleOf(other.kiosk.device);
    const theirs = againPage.data.find((p) => p.id === there.id)!.passport_hash;
    expect(theirs).toBe(hashKioskCode(againPage.salt, 'passport', accountId));
    expect(theirs).not.toBe(mine);
  });
});

describe("the passport's keys for the kiosk", () => {
  it('answers the published keys and the issuer, to the device token only', async () => {
    const { kiosk } = await kioskWorld();
    const signing = await currentSigningKey(ctx.db.db, ctx.app.secrets);
    const answer = await keysOf(kiosk.device);
    expect(answer.issuer).toBe(ctx.app.env.passportUrl);
    const published = await publishedKeys(ctx.db.db);
    expect(answer.keys.map((k) => k.kid)).toContain(signing.kid);
    expect(answer.keys.map((k) => k.kid).sort()).toEqual(published.map((k) => k.kid).sort());
    for (const key of answer.keys) {
      const jwk = published.find((k) => k.kid === key.kid)!;
      expect(key).toEqual({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: jwk.kid, alg: 'ES256', use: 'sig' });
      // Public keys only.
      expect(key).not.toHaveProperty('d');
    }
    const anonymous = await new TestClient(ctx.app).get('/kiosk-device/passport-keys');
    expect(anonymous.statusCode).toBe(401);
    const forged = new TestClient(ctx.app);
    forged.bearer = 'not-a-device-token';
    expect((await forged.get('/kiosk-device/passport-keys')).statusCode).toBe(401);
  });

  it("lets the kiosk check a token the passport signed, offline, and find its holder by the list's hash", async () => {
    // The kiosk's check reads what the passport signs.
    expect(PASSPORT_QR_TYPE).toBe(QR_TYPE);
    expect(PASSPORT_QR_VALID_S).toBe(QR_VALID_S);

    const { w, kiosk } = await kioskWorld();
    const email = `ada.${unique()}@example.test`;
    const ada = await w.person('Ada', w.types.visitors, w.sites.hq, { email });
    const accountId = await passport(email);
    const key = await currentSigningKey(ctx.db.db, ctx.app.secrets);
    const { token } = await signQrIdentity(key, accountId, ctx.app.env.passportUrl);

    // What the kiosk keeps while online…
    const trust = await keysOf(kiosk.device);
    const page = await peopleOf(kiosk.device);
    // …is all it needs offline.
    const seen = seenJtis();
    const check = await checkPassportQr(token, trust, seen);
    expect(check).toMatchObject({ ok: true, accountId });
    const hash = hashKioskCode(page.salt, 'passport', accountId);
    expect(page.data.filter((p) => p.passport_hash === hash).map((p) => p.id)).toEqual([ada.id]);
    // Shown twice to this kiosk: used.
    expect(await checkPassportQr(token, trust, seen)).toEqual({ ok: false, reason: 'used' });
    // Signed for another issuer with the same key: not the passport's.
    const elsewhere = await signQrIdentity(key, accountId, 'https://elsewhere.example.test');
    expect(await checkPassportQr(elsewhere.token, trust, seenJtis())).toEqual({ ok: false, reason: 'invalid' });
  });
});
