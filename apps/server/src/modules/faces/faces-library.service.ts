import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import { descriptorFromText, descriptorToText, FaceMatcher } from '@app/shared/faces/face-matcher';
import type { KioskFaceLibrary, KioskFaceMatch } from '@app/shared/kiosks/face-library';
import { withTenant } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { deviceKiosk } from '../kiosks/device-kiosk';
import { getJourney } from '../journeys/journeys.service';
import { faceLibraryOf, type LibraryRow } from './faces-library.repository';
import { findFaceSettings } from './faces.repository';
import { FACE_MODEL, openDescriptor } from './faces.service';

// What a kiosk holds to recognise faces (decision 050), with its device token: the face IDs of the
// consenting people of its journey's user types, first names only; and the server's own look at a face
// the kiosk matched, against its own copy, before the sign-in goes on.

const NO_PERMISSIONS = permissionMapOf([]);

async function libraryOfKiosk(app: FastifyInstance, deviceToken: string | undefined) {
  const { ctx, kiosk } = await deviceKiosk(app, deviceToken, NO_PERMISSIONS);
  const journey = kiosk.kiosk.journeyId ? await getJourney(app, ctx, kiosk.kiosk.journeyId) : null;
  const typeIds = journey?.user_types.map((t) => t.id) ?? [];
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const settings = await findFaceSettings(tx, ctx.entityId);
    const rows = settings.enabled ? await faceLibraryOf(tx, ctx.entityId, typeIds) : [];
    return { settings, rows };
  });
}

const versionOf = (settings: { enabled: boolean; matchThreshold: number; minGap: number }, rows: LibraryRow[]) => {
  const hash = createHash('sha256').update(`${settings.enabled}|${settings.matchThreshold}|${settings.minGap}`);
  for (const r of rows) hash.update(`|${r.personId}:${r.createdAt.getTime()}:${r.firstName}`);
  return hash.digest('base64url').slice(0, 22);
};

/** GET /kiosk-device/face-library. */
export async function kioskFaceLibrary(
  app: FastifyInstance,
  deviceToken: string | undefined,
): Promise<KioskFaceLibrary> {
  const { settings, rows } = await libraryOfKiosk(app, deviceToken);
  return {
    enabled: settings.enabled,
    version: versionOf(settings, rows),
    model: FACE_MODEL,
    match_threshold: settings.matchThreshold,
    min_gap: settings.minGap,
    people: rows.map((r) => ({
      person_id: r.personId,
      first_name: r.firstName,
      descriptor: descriptorToText(openDescriptor(app, r.sealed)),
    })),
  };
}

/** POST /kiosk-device/face-match: the server's own match of the face the kiosk matched. */
export async function kioskFaceMatch(
  app: FastifyInstance,
  deviceToken: string | undefined,
  descriptor: string,
): Promise<KioskFaceMatch> {
  const probe = descriptorFromText(descriptor);
  if (!probe) throw new AppError('validation_failed', { field: 'descriptor', messageKey: 'face_descriptor_invalid' });
  const { settings, rows } = await libraryOfKiosk(app, deviceToken);
  if (!settings.enabled) throw new AppError('rule_violation', { messageKey: 'face_sign_in_off' });
  const matcher = new FaceMatcher(rows.map((row) => ({ id: row, descriptor: openDescriptor(app, row.sealed) })));
  const row = matcher.match(probe, settings)?.id;
  return { person: row ? { id: row.personId, first_name: row.firstName } : null };
}
