// The kiosk's own side: asking for a pairing code, waiting to be added, collecting the device token
// once, and reporting that it is alive. The kiosk has no session; it proves itself with the pairing
// secret, then with its device token. Both are stored only as sha256.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  KIOSK_PAIRING_TTL_MS,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  type CreatePairingBody,
  type HeartbeatResponse,
  type KioskRegistration,
  type Pairing,
  type PairingStatus,
} from '@app/shared/kiosks/schemas';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import {
  collectDeviceToken,
  findEntityName,
  findKioskByTokenHash,
  findKiosks,
  findPairingBySecret,
  insertPairing,
  purgeOldPairings,
  touchKiosk,
  type KioskWithPlace,
} from './kiosks.repository';
import { isOnline, toSettings } from './kiosks.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_ATTEMPTS = 8;

export const randomPairingCode = () =>
  Array.from(
    { length: PAIRING_CODE_LENGTH },
    () => PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)],
  ).join('');

async function registrationOf(tx: Executor, entityId: string, kioskId: string) {
  const [row] = await findKiosks(tx, entityId, null, [kioskId]);
  if (!row) return null;
  return { row, registration: toRegistration(row, (await findEntityName(tx, entityId)) ?? '') };
}

const toRegistration = (row: KioskWithPlace, companyName: string): KioskRegistration => ({
  kiosk_id: row.kiosk.id,
  name: row.kiosk.name,
  company_name: companyName,
  site_name: row.siteName,
  area_name: row.areaName,
});

/** A short code the kiosk shows (unique among live pairings) and the secret it keeps. */
export async function createPairing(app: FastifyInstance, body: CreatePairingBody) {
  const db = app.db.db;
  await purgeOldPairings(db, new Date(Date.now() - DAY_MS));
  const secret = randomToken(32);
  const expiresAt = new Date(Date.now() + KIOSK_PAIRING_TTL_MS);
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = randomPairingCode();
    const row = await insertPairing(db, {
      id: newId(),
      code,
      secretHash: sha256(secret),
      macAddress: body.mac_address,
      appVersion: body.app_version ?? null,
      expiresAt,
    });
    if (row) return { code, secret, expires_at: expiresAt.toISOString() } satisfies Pairing;
  }
  // Thirty-one characters to the sixth power: eight clashes in a row mean something else is wrong.
  throw new Error('no free pairing code');
}

/** Where a pairing stands. The first answer after an admin added the kiosk carries its device token. */
export async function pairingStatus(app: FastifyInstance, secret: string): Promise<PairingStatus> {
  const pairing = await findPairingBySecret(app.db.db, sha256(secret));
  if (!pairing) throw new AppError('not_found', { field: 'secret', messageKey: 'kiosk_pairing_not_found' });
  const entityId = pairing.claimedEntityId;
  const kioskId = pairing.claimedKioskId;
  if (!entityId || !kioskId) {
    return pairing.expiresAt.getTime() < Date.now()
      ? { status: 'expired' }
      : { status: 'waiting', code: pairing.code, expires_at: pairing.expiresAt.toISOString() };
  }
  // One transaction: the token is erased only if the answer that carries it is built.
  const answer = await app.db.db.transaction(async (outer) => {
    const token = await collectDeviceToken(outer, pairing.id);
    return withTenant(outer, entityId, async (tx) => {
      const found = await registrationOf(tx, entityId, kioskId);
      if (!found) return null;
      // Collecting the token is the kiosk's first sign of life.
      const cameOnline = token ? !isOnline(await touchKiosk(tx, entityId, kioskId, undefined)) : false;
      return { status: 'registered' as const, device_token: token, registration: found.registration, cameOnline };
    });
  });
  if (!answer) return { status: 'expired' };
  const { cameOnline, ...status } = answer;
  if (cameOnline) announceOnline(app, entityId, kioskId);
  return status;
}

/** Open kiosk lists show a kiosk that was offline (or never seen) as online at once. */
function announceOnline(app: FastifyInstance, entityId: string, kioskId: string): void {
  app.realtime.toEntity(entityId, 'updateKiosks', { kiosk_ids: [kioskId], online: true });
}

/** A registered kiosk says it is alive; it learns where it stands and its settings. */
export async function heartbeat(
  app: FastifyInstance,
  deviceToken: string | undefined,
  appVersion: string | null | undefined,
): Promise<HeartbeatResponse> {
  const notRegistered = () =>
    new AppError('unauthenticated', { field: 'authorization', messageKey: 'kiosk_not_registered' });
  if (!deviceToken) throw notRegistered();
  const kiosk = await findKioskByTokenHash(app.db.db, sha256(deviceToken));
  if (!kiosk) throw notRegistered();
  const { found, seenBefore } = await withTenant(app.db.db, kiosk.entityId, async (tx) => ({
    seenBefore: await touchKiosk(tx, kiosk.entityId, kiosk.id, appVersion),
    found: await registrationOf(tx, kiosk.entityId, kiosk.id),
  }));
  if (!found) throw notRegistered();
  if (!isOnline(seenBefore)) announceOnline(app, kiosk.entityId, kiosk.id);
  return {
    registration: found.registration,
    settings: toSettings(found.row.kiosk.settings),
    logging: found.row.kiosk.logging,
    server_time: new Date().toISOString(),
  };
}
