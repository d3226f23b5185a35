// What a kiosk checks a passport's QR identity with while it cannot reach the server (decision 047):
// the passport's published keys and its issuer. Public by nature (the passport's JWKS serves the same),
// asked with the device token like every kiosk call so only paired kiosks come for them.
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import type { KioskPassportKeys, PassportPublicKey } from '@app/shared/kiosks/device-lookup';
import { publishedKeys, SIGNING_ALG } from '../passport-trust/signing-keys';
import { deviceKiosk } from './device-kiosk';

const NO_PERMISSIONS = permissionMapOf([]);

/** GET /kiosk-device/passport-keys: the keys the passport signs with now or did lately, and its issuer. */
export async function kioskPassportKeys(
  app: FastifyInstance,
  deviceToken: string | undefined,
): Promise<KioskPassportKeys> {
  await deviceKiosk(app, deviceToken, NO_PERMISSIONS);
  // A global table: read on the owner's connection, after the kiosk's own transaction has ended.
  const keys = await publishedKeys(app.db.db);
  return {
    issuer: app.env.passportUrl,
    // Every key the passport makes is an ES256 one; only those fields of it go to the kiosk.
    keys: keys
      .filter((k) => k.alg === SIGNING_ALG && k.kty === 'EC' && k.crv === 'P-256')
      .map((k): PassportPublicKey => ({
        kty: 'EC',
        crv: 'P-256',
        x: String(k.x),
        y: String(k.y),
        kid: k.kid,
        alg: 'ES256',
        use: 'sig',
      })),
  };
}
