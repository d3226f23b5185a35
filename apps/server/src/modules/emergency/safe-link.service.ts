// The "I am safe" link (issue 15 §8, decision 031): each person on the roll with an email is sent their
// own link when the session starts. It shows their session and marks them present while it runs; it
// reaches nothing else. Found by its token alone (stored hashed), outside any company, then read and
// changed within that company.
import type { FastifyInstance } from 'fastify';
import type { SafeLink } from '@app/shared/emergency/schemas';
import { withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { sha256 } from '../../lib/tokens';
import { findEntity } from '../access/access.repository';
import type { EntityRecord } from '../access/access.types';
import { writeLinkAudit } from '../pre-registration/pre-registration.repository';
import { findSafeLinkKeys, readSafeLink, writeMarks, type SafeLinkRow } from './roll.repository';
import { sendRollChanges } from './session-events';
import { readRoll } from './session-view';

type Keys = { entity_id: string; id: string; session_id: string };

const unknownLink = () => new AppError('not_found', { field: 'token', messageKey: 'emergency_safe_link_unknown' });

async function withSafeLink<T>(
  app: FastifyInstance,
  token: string,
  fn: (tx: Executor, entity: EntityRecord, keys: Keys) => Promise<T>,
): Promise<T> {
  const keys = await findSafeLinkKeys(app.db.db, sha256(token));
  if (!keys) throw unknownLink();
  return withTenant(app.db.db, keys.entity_id, async (tx) => {
    const entity = await findEntity(tx, keys.entity_id);
    if (!entity) throw unknownLink();
    return fn(tx, entity, keys);
  });
}

/** Whose link it is and where they stand while the session runs; once it ended, only that. */
function toSafeLink(entity: EntityRecord, row: SafeLinkRow): SafeLink {
  if (row.ended_at !== null) return { active: false };
  return {
    active: true,
    company_name: entity.name,
    session_name: row.session_name,
    is_drill: row.is_drill,
    first_name: row.person_first_name ?? row.full_name.split(/\s+/)[0] ?? row.full_name,
    status: row.status,
  };
}

/** GET /public/emergency/safe/{token}: the person's session and where they stand on its roll. */
export async function getSafeLink(app: FastifyInstance, token: string): Promise<SafeLink> {
  return withSafeLink(app, token, async (tx, entity, keys) => {
    const row = await readSafeLink(tx, keys.entity_id, keys.id);
    if (!row) throw unknownLink();
    return toSafeLink(entity, row);
  });
}

/** POST /public/emergency/safe/{token}: "I am safe" marks the link's own entry present while the session runs. */
export async function confirmSafe(app: FastifyInstance, token: string, now: Date = new Date()): Promise<SafeLink> {
  const done = await withSafeLink(app, token, async (tx, entity, keys) => {
    const row = await readSafeLink(tx, keys.entity_id, keys.id, { forShare: true });
    if (!row) throw unknownLink();
    if (row.ended_at !== null) throw new AppError('conflict', { messageKey: 'emergency_session_ended' });
    const { changed } = await writeMarks(
      tx,
      keys.entity_id,
      keys.session_id,
      [{ id: newId(), rollId: keys.id, clientId: null, status: 'present', source: 'safe_link', markedAt: now }],
      { userId: null, name: null },
    );
    await writeLinkAudit(tx, keys.entity_id, {
      action: 'emergency_session.safe_link',
      targetType: 'emergency_roll',
      targetId: keys.id,
      before: { status: row.status },
      after: { status: changed.length ? 'present' : row.status },
    });
    const after = (await readSafeLink(tx, keys.entity_id, keys.id))!;
    const entries = changed.length
      ? await readRoll(tx, { entityId: keys.entity_id, entity, siteIds: null }, keys.session_id, [keys.id])
      : [];
    return { link: toSafeLink(entity, after), entries, keys };
  });
  sendRollChanges(app, done.keys.entity_id, done.keys.session_id, done.entries);
  return done.link;
}
