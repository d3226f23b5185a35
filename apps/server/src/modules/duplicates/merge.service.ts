import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { MergeBody, PersonMerge } from '@app/shared/people/duplicates';
import { rowsOf, withTenant, type Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import { personInScope } from '../people/person-scope';
import { findPairOf } from './duplicates.repository';
import { moveRecords } from './merge.repository';
import { toPersonMerge } from './duplicates-view';

// Merging two records of one person (spec §7 `merge_user`, §8 "Merged User"; decision 032). One
// transaction: both people locked, everything of the removed one moved to the kept one, the kept one's
// empty details filled from the removed one's, the removed one deleted, the merge kept to explain it
// and audited. A merge asked again after it was done finds the removed person gone: a 404, nothing
// changed twice.

type PersonForMerge = {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_code: string | null;
  phone: string | null;
  id_number: string | null;
  company_name: string | null;
  department_id: string | null;
  image: string | null;
  rfid: string | null;
  dashboard_access: string;
  membership_id: string | null;
  user_id: string | null;
  invited_at: Date | string | null;
  is_default: boolean;
};

/** Details the kept person takes from the removed one when it has none of its own. */
const FILLABLE = ['email', 'phone', 'id_number', 'company_name', 'department_id', 'image'] as const;

const hasLogin = (p: PersonForMerge) =>
  p.membership_id !== null || p.dashboard_access === 'active' || p.dashboard_access === 'invited';

async function lockBoth(tx: Executor, ctx: AccessContext, body: MergeBody) {
  const scope = personInScope(ctx);
  const rows = rowsOf<PersonForMerge>(
    await tx.execute(sql`
      select id, first_name, last_name, email, phone_code, phone, id_number, company_name, department_id, image,
             rfid, dashboard_access, membership_id, user_id, invited_at, is_default
        from people
       where people.entity_id = ${ctx.entityId} and people.id in (${body.keep_id}, ${body.remove_id})
         and people.status <> 'anonymous'
             ${scope ? sql`and ${scope}` : sql``}
       order by people.id
         for update`),
  );
  const keep = rows.find((r) => r.id === body.keep_id);
  const remove = rows.find((r) => r.id === body.remove_id);
  if (!keep) throw new AppError('not_found', { field: 'keep_id' });
  if (!remove) throw new AppError('not_found', { field: 'remove_id' });
  return { keep, remove };
}

function refuse(keep: PersonForMerge, remove: PersonForMerge) {
  if (hasLogin(keep) && hasLogin(remove)) {
    throw new AppError('conflict', { field: 'remove_id', messageKey: 'merge_both_logins' });
  }
  if (remove.is_default) {
    throw new AppError('rule_violation', { field: 'remove_id', messageKey: 'merge_default_person' });
  }
}

/** What the kept person takes from the removed one; the removed one's unique values cleared first. */
function takeOver(keep: PersonForMerge, remove: PersonForMerge) {
  const filled: string[] = [];
  const dropped: string[] = [];
  const set: Record<string, unknown> = {};
  for (const field of FILLABLE) {
    if (field === 'phone') {
      if (!keep.phone && remove.phone) {
        set.phone = remove.phone;
        set.phone_code = remove.phone_code;
        filled.push('phone');
      }
      continue;
    }
    if (!keep[field] && remove[field]) {
      set[field] = remove[field];
      filled.push(field);
    }
  }
  if (remove.rfid) {
    if (keep.rfid) dropped.push('rfid_card');
    else set.rfid = remove.rfid;
  }
  if (hasLogin(remove)) {
    set.membership_id = remove.membership_id;
    set.user_id = remove.user_id;
    set.dashboard_access = remove.dashboard_access;
    set.invited_at = remove.invited_at;
  } else if (!keep.user_id && remove.user_id) {
    set.user_id = remove.user_id;
  }
  return { set, filled, dropped };
}

const COLUMNS: Record<string, string> = {
  email: 'email',
  phone: 'phone',
  phone_code: 'phone_code',
  id_number: 'id_number',
  company_name: 'company_name',
  department_id: 'department_id',
  image: 'image',
  rfid: 'rfid',
  membership_id: 'membership_id',
  user_id: 'user_id',
  dashboard_access: 'dashboard_access',
  invited_at: 'invited_at',
};

async function applyTakeOver(tx: Executor, entityId: string, keepId: string, set: Record<string, unknown>) {
  const entries = Object.entries(set);
  if (entries.length === 0) return;
  const assignments = entries.map(([k, v]) => {
    const column = sql.raw(COLUMNS[k]!);
    if (k === 'department_id' || k === 'membership_id' || k === 'user_id') return sql`${column} = ${v}::uuid`;
    if (k === 'invited_at') return sql`${column} = ${v instanceof Date ? v.toISOString() : v}::timestamptz`;
    return sql`${column} = ${v}`;
  });
  await tx.execute(
    sql`update people set ${sql.join(assignments, sql`, `)}, updated_at = now()
         where entity_id = ${entityId} and id = ${keepId}`,
  );
}

const fullNameOf = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

export async function mergePeople(app: FastifyInstance, ctx: AccessContext, body: MergeBody): Promise<PersonMerge> {
  const actorPersonId = ctx.actor.kind === 'user' ? ctx.actor.personId : null;
  const actorName = ctx.actor.kind === 'user' ? ctx.actor.personName : null;
  const result = await withTenant(app.db.db, ctx.entityId, async (tx) => {
    const { keep, remove } = await lockBoth(tx, ctx, body);
    // After the look-up: another company's id is not found, whether given once or twice.
    if (keep.id === remove.id) {
      throw new AppError('rule_violation', { field: 'remove_id', messageKey: 'merge_same_person' });
    }
    refuse(keep, remove);
    const pair = await findPairOf(tx, ctx.entityId, keep.id, remove.id);
    const moved = await moveRecords(tx, { entityId: ctx.entityId, keepId: keep.id, removeId: remove.id });
    const { set, filled, dropped } = takeOver(keep, remove);
    if (set.membership_id) moved.dashboard_login = 1;
    if (set.rfid) moved.rfid_cards = 1;
    if (filled.length > 0) moved.details = filled.length;
    // The removed person's unique values (email, phone, id, card, login) are freed before the kept one
    // takes them; then the removed person goes, with what did not move.
    await tx.execute(sql`delete from people where entity_id = ${ctx.entityId} and id = ${remove.id}`);
    await applyTakeOver(tx, ctx.entityId, keep.id, set);
    const removed = {
      full_name: fullNameOf(remove),
      email: remove.email,
      phone: remove.phone ? `${remove.phone_code ? `+${remove.phone_code} ` : ''}${remove.phone}` : null,
      id_number: remove.id_number,
      company_name: remove.company_name,
    };
    const id = newId();
    const [row] = rowsOf<{ merged_at: Date | string; merged_at_key: string }>(
      await tx.execute(sql`
        insert into person_merges
          (entity_id, id, kept_person_id, kept_name, removed_person_id, removed, moved, filled, dropped, score,
           reasons, merged_by_person_id, merged_by_name)
        values (${ctx.entityId}, ${id}, ${keep.id}, ${fullNameOf(keep)}, ${remove.id}, ${JSON.stringify(removed)}::jsonb,
                ${JSON.stringify(moved)}::jsonb,
                array(select jsonb_array_elements_text(${JSON.stringify(filled)}::jsonb)),
                array(select jsonb_array_elements_text(${JSON.stringify(dropped)}::jsonb)),
                ${pair?.score ?? null}, array(select jsonb_array_elements_text(${JSON.stringify(pair?.reasons ?? [])}::jsonb)),
                ${actorPersonId}, ${actorName})
        returning merged_at, merged_at::text as merged_at_key`),
    );
    await writeAudit(tx, ctx, {
      action: 'person.merged',
      targetType: 'person',
      targetId: keep.id,
      before: { kept: fullNameOf(keep), removed: { id: remove.id, ...removed } },
      after: { merge_id: id, moved, filled, dropped },
    });
    const orphanPhoto = remove.image && set.image !== remove.image ? remove.image : null;
    return {
      merge: toPersonMerge({
        id,
        kept_person_id: keep.id,
        kept_name: fullNameOf(keep),
        removed_person_id: remove.id,
        removed,
        moved,
        filled,
        dropped,
        score: pair?.score ?? null,
        reasons: pair?.reasons ?? [],
        merged_by_name: actorName,
        merged_at: row!.merged_at,
        merged_at_key: row!.merged_at_key,
      }),
      orphanPhoto,
    };
  });
  // The removed person's photo, when the kept one kept its own: its file goes after the commit.
  if (result.orphanPhoto) await app.files.remove(result.orphanPhoto).catch(() => undefined);
  return result.merge;
}
