// Keeping the watchlist (issue 29, decision 051): its entries with their name keys, photos and the
// company's screening settings. Every change is audited.
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@app/shared/constants';
import { emailKey, nameKeys, phoneKey } from '@app/shared/watchlist/name-keys';
import {
  DEFAULT_WATCHLIST_SETTINGS,
  type WatchlistEntry,
  type WatchlistEntryBodyParsed,
  type WatchlistList,
  type WatchlistQuery,
  type WatchlistSettings,
} from '@app/shared/watchlist/schemas';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkImage, detectImageKind } from '../../lib/images';
import { newId } from '../../lib/ids';
import { randomToken } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { photoVersion } from '../people/person-view';
import {
  deleteEntry,
  findEntries,
  findSettings,
  insertEntries,
  listEntries,
  replaceKeys,
  updateEntry,
  upsertSettings,
  type EntryRecord,
  type KeyInsert,
} from './watchlist.repository';

export function toEntry(r: EntryRecord): WatchlistEntry {
  const e = r.entry;
  const version = photoVersion(e.image);
  return {
    id: e.id,
    level: e.level as WatchlistEntry['level'],
    full_name: e.fullName,
    aliases: e.aliases,
    email: e.email,
    phone: e.phone,
    company_name: e.companyName,
    date_of_birth: e.dateOfBirth,
    reason: e.reason,
    image: version ? `/api/v1/watchlist/${e.id}/photo?v=${version}` : null,
    added_by: r.addedBy?.id ? { id: r.addedBy.id, name: `${r.addedBy.firstName} ${r.addedBy.lastName}`.trim() } : null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/** The columns of an entry's body, with the contact keys screening compares. */
export const entryColumns = (b: WatchlistEntryBodyParsed) => ({
  level: b.level,
  fullName: b.full_name,
  aliases: [...new Set(b.aliases)],
  email: b.email,
  phone: b.phone,
  companyName: b.company_name,
  dateOfBirth: b.date_of_birth,
  reason: b.reason,
  emailKey: emailKey(b.email),
  phoneKey: phoneKey(b.phone),
});

/** The name keys of an entry: its name and each alias. */
export const keysOf = (entityId: string, entryId: string, b: Pick<WatchlistEntryBodyParsed, 'full_name' | 'aliases'>) =>
  [{ kind: 'name', value: b.full_name }, ...[...new Set(b.aliases)].map((value) => ({ kind: 'alias', value }))].map(
    (k): KeyInsert => {
      const keys = nameKeys(k.value);
      return {
        entityId,
        id: newId(),
        entryId,
        kind: k.kind,
        value: k.value,
        plain: keys.plain,
        skeleton: keys.skeleton,
      };
    },
  );

async function mustFind(tx: Executor, ctx: AccessContext, id: string) {
  const [row] = await findEntries(tx, ctx.entityId, [id]);
  if (!row) throw new AppError('not_found');
  return row;
}

const userId = (ctx: AccessContext) => (ctx.actor.kind === 'user' ? ctx.actor.userId : null);

export async function listWatchlist(
  app: FastifyInstance,
  ctx: AccessContext,
  q: WatchlistQuery,
): Promise<WatchlistList> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const page = await listEntries(tx, ctx.entityId, { level: q.level, search: q.search || undefined }, q);
    return { data: page.rows.map(toEntry), count: page.count, count_capped: page.capped, next_cursor: page.nextCursor };
  });
}

export async function getWatchlistEntry(app: FastifyInstance, ctx: AccessContext, id: string) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => toEntry(await mustFind(tx, ctx, id)));
}

export async function createWatchlistEntry(app: FastifyInstance, ctx: AccessContext, body: WatchlistEntryBodyParsed) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const id = newId();
    await insertEntries(tx, [{ entityId: ctx.entityId, id, ...entryColumns(body), createdBy: userId(ctx) }]);
    await replaceKeys(tx, ctx.entityId, [id], keysOf(ctx.entityId, id, body));
    const entry = toEntry(await mustFind(tx, ctx, id));
    await writeAudit(tx, ctx, {
      action: 'watchlist.entry.create',
      targetType: 'watchlist_entry',
      targetId: id,
      after: entry,
    });
    return entry;
  });
}

export async function changeWatchlistEntry(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: WatchlistEntryBodyParsed,
) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const before = toEntry(await mustFind(tx, ctx, id));
    await updateEntry(tx, ctx.entityId, id, entryColumns(body));
    await replaceKeys(tx, ctx.entityId, [id], keysOf(ctx.entityId, id, body));
    const after = toEntry(await mustFind(tx, ctx, id));
    await writeAudit(tx, ctx, {
      action: 'watchlist.entry.update',
      targetType: 'watchlist_entry',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/** Removes an entry, its keys and its "not a match" pairs; its screenings stay, naming it. */
export async function removeWatchlistEntry(app: FastifyInstance, ctx: AccessContext, id: string) {
  const image = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const before = await mustFind(tx, ctx, id);
    await deleteEntry(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'watchlist.entry.delete',
      targetType: 'watchlist_entry',
      targetId: id,
      before: toEntry(before),
    });
    return before.entry.image;
  });
  if (image) await app.files.remove(image);
}

export async function setWatchlistPhoto(app: FastifyInstance, ctx: AccessContext, id: string, data: Buffer) {
  await withTenant(app.db.db, ctx.entityId, (tx) => mustFind(tx, ctx, id));
  const photo = await checkImage(data, LIMITS.photo, 'photo');
  const key = `entities/${ctx.entityId}/watchlist/${id}/${randomToken(9)}.${photo.kind}`;
  await app.files.put(key, photo.data);
  const saved = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const before = await mustFind(tx, ctx, id);
    await updateEntry(tx, ctx.entityId, id, { image: key });
    const after = toEntry(await mustFind(tx, ctx, id));
    await writeAudit(tx, ctx, {
      action: 'watchlist.entry.photo',
      targetType: 'watchlist_entry',
      targetId: id,
      before: { image: toEntry(before).image },
      after: { image: after.image },
    });
    return { entry: after, previous: before.entry.image };
  }).catch(async (error: unknown) => {
    await app.files.remove(key);
    throw error;
  });
  if (saved.previous) await app.files.remove(saved.previous);
  return saved.entry;
}

export async function readWatchlistPhoto(app: FastifyInstance, ctx: AccessContext, id: string) {
  const row = await withTenant(app.db.db, ctx.entityId, (tx) => mustFind(tx, ctx, id));
  const data = row.entry.image ? await app.files.get(row.entry.image) : null;
  const kind = data ? detectImageKind(data) : null;
  if (!data || !kind) throw new AppError('not_found', { field: 'photo' });
  return { data, name: `photo.${kind}`, version: photoVersion(row.entry.image) };
}

export async function getWatchlistSettings(app: FastifyInstance, ctx: AccessContext): Promise<WatchlistSettings> {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const row = await findSettings(tx, ctx.entityId);
    return row
      ? { name_threshold: row.nameThreshold, notify_person_ids: row.notifyPersonIds }
      : DEFAULT_WATCHLIST_SETTINGS;
  });
}

/** The threshold and the people told of matches: active people of the company with an email. */
export async function saveWatchlistSettings(app: FastifyInstance, ctx: AccessContext, body: WatchlistSettings) {
  return withTenant(app.db.db, ctx.entityId, async (tx) => {
    const ids = [...new Set(body.notify_person_ids)];
    const found = await findPeople(tx, ctx.entityId, undefined, ids);
    for (const [i, id] of ids.entries()) {
      const p = found.find((f) => f.id === id);
      if (!p || p.status !== 'active')
        throw new AppError('validation_failed', {
          field: `notify_person_ids.${i}`,
          messageKey: 'watchlist_recipient_unknown',
        });
      if (!p.email)
        throw new AppError('validation_failed', {
          field: `notify_person_ids.${i}`,
          messageKey: 'watchlist_recipient_no_email',
        });
    }
    const beforeRow = await findSettings(tx, ctx.entityId);
    const before = beforeRow
      ? { name_threshold: beforeRow.nameThreshold, notify_person_ids: beforeRow.notifyPersonIds }
      : DEFAULT_WATCHLIST_SETTINGS;
    await upsertSettings(tx, {
      entityId: ctx.entityId,
      nameThreshold: body.name_threshold,
      notifyPersonIds: ids,
      updatedBy: userId(ctx),
    });
    const after = { name_threshold: body.name_threshold, notify_person_ids: ids };
    await writeAudit(tx, ctx, {
      action: 'watchlist.settings.update',
      targetType: 'watchlist_settings',
      targetId: ctx.entityId,
      before,
      after,
    });
    return after;
  });
}
