// How a kiosk finds people (decision 044), with its device token: the people of its journey's user
// types for its offline cache, what a scanned code identifies, and a name search. Everything is read as
// the kiosk: its company, its own site and area, the user types its journey has flows for; a person
// outside that is not found, whoever's id or code it is.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { permissionMapOf } from '@app/shared/access/permissions';
import { hashKioskCode, KIOSK_CODE_HASH_SCHEME, normaliseKioskCode } from '@app/shared/kiosks/code-hash';
import {
  KIOSK_SEARCH_RESULTS_MAX,
  type KioskPeoplePage,
  type KioskPeopleSearchResult,
  type KioskPerson,
  type KioskPersonRef,
  type KioskResolved,
  type kioskPeopleQuerySchema,
  type kioskResolveBodySchema,
} from '@app/shared/kiosks/device-lookup';
import { dayRange, localDay } from '@app/shared/visits/rules';
import type { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { AppError } from '../../lib/app-error';
import { detectImageKind } from '../../lib/images';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { inTenant } from '../access/in-tenant';
import { findPeoplePage } from '../people/people-list.repository';
import { photoVersion } from '../people/person-view';
import { deviceKiosk } from './device-kiosk';
import { looksLikePassportQr } from '@app/shared/passport/qr-format';
import { passportPersonEmail } from '../passport-trust/qr-at-the-door';
import { activePassportsByEmail } from '../passport-trust/verified-passports';
import {
  afterId,
  byCard,
  byEmail,
  byIds,
  byQrCode,
  findKioskPeople,
  findPassByCode,
  findReachablePhoto,
  journeyUserTypes,
  onSiteAtArea,
  reachablePerson,
  type DayRange,
  type KioskPersonRow,
  type KioskReach,
} from './kiosk-device-lookup.repository';

// What the dashboard's sign-in preview and host search need; the kiosk signs in with the same.
const KIOSK_PERMISSIONS = permissionMapOf(['dashboard']);
const PEOPLE_CURSOR = 'kiosk-people:id';

export type KioskLookup = {
  ctx: AccessContext;
  reach: KioskReach;
  /** The journey's user types with their registration method. */
  types: { id: string; registration_method: string }[];
};

/** The kiosk a device token belongs to, with what its look-ups reach; a token of no kiosk is refused. */
export async function kioskLookup(app: FastifyInstance, deviceToken: string | undefined): Promise<KioskLookup> {
  const { ctx, kiosk } = await deviceKiosk(app, deviceToken, KIOSK_PERMISSIONS);
  const journeyId = kiosk.kiosk.journeyId;
  const types = journeyId ? await inTenant(app, ctx, (tx) => journeyUserTypes(tx, ctx.entityId, journeyId)) : [];
  return {
    ctx,
    reach: {
      entityId: ctx.entityId,
      siteId: kiosk.siteId,
      areaId: kiosk.kiosk.areaId,
      userTypeIds: types.map((t) => t.id),
    },
    types,
  };
}

/**
 * The company's salt of the kiosk code hashes. It is no secret (every kiosk of the company holds it):
 * it makes one company's hashes worthless in another's. Derived from the company's id, so every node
 * computes the same without storing anything; the version in it changes the scheme for all at once.
 */
export const kioskCodeSalt = (entityId: string) =>
  createHash('sha256').update(`kiosk-codes:v1:${entityId}`).digest('hex').slice(0, 32);

/** Today on the company's clock. */
export const kioskToday = (ctx: AccessContext, now: Date): DayRange => {
  const zone = companyZone(ctx);
  const day = localDay(now, zone);
  return dayRange(day, day, zone);
};

const iso = (value: string | Date) => new Date(value).toISOString();

const refOf = (row: KioskPersonRow): KioskPersonRef => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  user_type_ids: row.user_type_ids,
  has_photo: row.has_photo,
});

/** A person as the kiosk keeps them: hashes of their QR (QuickPass), card and today's pass codes. */
export const kioskPersonOf = (salt: string, row: KioskPersonRow): KioskPerson => ({
  ...refOf(row),
  qr_hash: hashKioskCode(salt, 'qr', row.qr_code),
  card_hash: row.rfid ? hashKioskCode(salt, 'card', row.rfid) : null,
  passes: row.passes.map((p) => ({
    expected_visit_id: p.id,
    code_hash: hashKioskCode(salt, 'qr', p.code),
    expected_at: iso(p.at),
  })),
});

/**
 * GET /kiosk-device/people: one page of the people the kiosk keeps, in id order, each with the hash of
 * the passport whose verified address is theirs (the kiosk checks its QR identity offline).
 */
export async function kioskPeople(
  app: FastifyInstance,
  deviceToken: string | undefined,
  q: z.output<typeof kioskPeopleQuerySchema>,
  now = new Date(),
): Promise<KioskPeoplePage> {
  const after = q.cursor ? decodeCursor(q.cursor, PEOPLE_CURSOR, 1)[0] : null;
  if (after !== null && (typeof after !== 'string' || !UUID.test(after))) {
    throw new AppError('validation_failed', { field: 'cursor', messageKey: 'cursor_invalid' });
  }
  const { ctx, reach } = await kioskLookup(app, deviceToken);
  const rows = await inTenant(app, ctx, (tx) =>
    findKioskPeople(tx, reach, kioskToday(ctx, now), after ? afterId(after) : undefined, q.limit + 1),
  );
  const page = rows.slice(0, q.limit);
  const salt = kioskCodeSalt(ctx.entityId);
  // Passports are global, read on the owner's connection once the company's transaction is over (the
  // embedded database has one connection: reading it inside would wait on itself).
  const passports = await activePassportsByEmail(
    app.db.db,
    page.flatMap((row) => (row.email_lower ? [row.email_lower] : [])),
  );
  return {
    salt,
    hash_scheme: KIOSK_CODE_HASH_SCHEME,
    data: page.map((row) => {
      const passportId = row.email_lower ? passports.get(row.email_lower) : undefined;
      return {
        ...kioskPersonOf(salt, row),
        passport_hash: passportId ? hashKioskCode(salt, 'passport', passportId) : null,
      };
    }),
    next_cursor: rows.length > q.limit ? encodeCursor(PEOPLE_CURSOR, [page.at(-1)!.id]) : null,
    fetched_at: now.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /kiosk-device/people/{id}/photo: the photo of a person the kiosk reaches. */
export async function kioskPersonPhoto(app: FastifyInstance, deviceToken: string | undefined, personId: string) {
  const { ctx, reach } = await kioskLookup(app, deviceToken);
  const found = await inTenant(app, ctx, (tx) => findReachablePhoto(tx, reach, personId));
  const data = found?.image ? await app.files.get(found.image) : null;
  const kind = data ? detectImageKind(data) : null;
  if (!found?.image || !data || !kind) throw new AppError('not_found', { field: 'photo' });
  return { data, name: `photo.${kind}`, version: photoVersion(found.image) };
}

const unknownCode = () => new AppError('not_found', { field: 'code', messageKey: 'kiosk_scan_unknown' });

/**
 * POST /kiosk-device/resolve: whom a scanned QR (their own, their QuickPass, or today's pass at the
 * kiosk's site) or card identifies here. A code of no one the kiosk reaches, of another company, or
 * of a pass not for today here, is unknown.
 */
export async function resolveKioskCode(
  app: FastifyInstance,
  deviceToken: string | undefined,
  body: z.output<typeof kioskResolveBodySchema>,
  now = new Date(),
): Promise<KioskResolved> {
  const { ctx, reach } = await kioskLookup(app, deviceToken);
  const code = normaliseKioskCode(body.kind, body.code);
  if (!code) throw unknownCode();
  const day = kioskToday(ctx, now);
  // A passport's QR identity: checked by its signature and taken once (global tables, so before the
  // company's transaction), the person then known by the passport's verified address.
  const email =
    body.kind === 'qr' && looksLikePassportQr(code)
      ? await passportPersonEmail(app, code, { take: true, field: 'code', now })
      : null;
  return inTenant(app, ctx, async (tx) => {
    let pass: Awaited<ReturnType<typeof findPassByCode>> = null;
    if (email) {
      const [holder] = await findKioskPeople(tx, reach, day, byEmail(email));
      if (!holder) throw unknownCode();
      const onSite = await onSiteAtArea(tx, reach, [holder.id]);
      return { person: refOf(holder), expected_visit: null, on_site: onSite.has(holder.id) };
    }
    let [person] = await findKioskPeople(tx, reach, day, body.kind === 'card' ? byCard(code) : byQrCode(code));
    if (!person && body.kind === 'qr') {
      // A pass's code is short and typed from the visitor's screen: read in upper case, like its link's.
      pass = await findPassByCode(tx, reach, day, code.toUpperCase());
      if (pass) [person] = await findKioskPeople(tx, reach, day, byIds([pass.person_id]));
    }
    if (!person) throw unknownCode();
    const onSite = await onSiteAtArea(tx, reach, [person.id]);
    return {
      person: refOf(person),
      expected_visit: pass ? { id: pass.id, expected_at: iso(pass.expected_at), stage: pass.stage } : null,
      on_site: onSite.has(person.id),
    };
  });
}

/**
 * GET /kiosk-device/people/search: "sign in by name", the people the kiosk reaches whose name (or
 * company) contains what was typed, through the people list's trigram search; never their contacts.
 */
export async function searchKioskPeople(
  app: FastifyInstance,
  deviceToken: string | undefined,
  q: string,
  now = new Date(),
): Promise<KioskPeopleSearchResult> {
  const { ctx, reach } = await kioskLookup(app, deviceToken);
  if (reach.userTypeIds.length === 0) return { data: [] };
  const search = q.replace(/\s+/g, ' ');
  return inTenant(app, ctx, async (tx) => {
    const { rows } = await findPeoplePage(
      tx,
      ctx.entityId,
      reachablePerson(reach),
      { search, status: 'active', page: 1, limit: KIOSK_SEARCH_RESULTS_MAX, sortField: 'name', orderBy: 'asc' },
      { searchContacts: false },
    );
    const ids = rows.map((r) => r.person.id);
    const found = await findKioskPeople(tx, reach, kioskToday(ctx, now), byIds(ids));
    const onSite = await onSiteAtArea(tx, reach, ids);
    // In the search's order (by name).
    return {
      data: ids.flatMap((id) => {
        const row = found.find((r) => r.id === id);
        return row ? [{ ...refOf(row), on_site: onSite.has(id) }] : [];
      }),
    };
  });
}
