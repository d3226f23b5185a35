import { sql, type SQL } from 'drizzle-orm';
import type { MergeKind } from '@app/shared/people/duplicates';
import { rowsOf, type Executor } from '../../db/client';

// The moves of a merge (decision 032), each one statement, in the merge's transaction: everything that
// points at the removed person comes to point at the kept one. Where the kept person already has its
// own (the same label, site, host duty, a value of the same custom field, an entry in the same
// emergency session) the kept one's stays and the removed one's goes with the removed person.
// `PERSON_REFERENCES` names every column that holds a person's id; a test compares it with the
// database's catalogue, so a table added later without its move here fails that test.

export type MergePeople = { entityId: string; keepId: string; removeId: string };

/** Tables whose rows belong to one person, moved whole: the count is what moved. */
const OWNED: { table: string; kind: MergeKind }[] = [
  { table: 'visits', kind: 'visits' },
  { table: 'compliance_responses', kind: 'compliance_responses' },
  { table: 'person_documents', kind: 'documents' },
  { table: 'quick_passes', kind: 'quick_passes' },
  { table: 'rfid_enrolments', kind: 'rfid_enrolments' },
  { table: 'kiosk_events', kind: 'kiosk_events' },
  { table: 'timesheet_corrections', kind: 'timesheet_corrections' },
];

/** Link tables keyed by the person and `other`: a link the kept person already has is not doubled. */
const LINKS: { table: string; other: string; kind: MergeKind }[] = [
  { table: 'visit_hosts', other: 'visit_id', kind: 'visit_hosts' },
  { table: 'person_visit_permits', other: 'permit_id', kind: 'visit_permits' },
  { table: 'person_labels', other: 'label_id', kind: 'labels' },
  { table: 'person_field_values', other: 'field_id', kind: 'field_values' },
  { table: 'person_sites', other: 'site_id', kind: 'sites' },
  { table: 'person_user_types', other: 'user_type_id', kind: 'user_types' },
  { table: 'user_type_hosts', other: 'user_type_id', kind: 'hosting' },
  { table: 'journey_flow_hosts', other: 'flow_id', kind: 'hosting' },
];

/** Columns that name who did something (not whose it is): pointed at the kept person, not counted. */
const ACTORS: { table: string; column: string }[] = [
  { table: 'visits', column: 'created_by_person_id' },
  { table: 'visits', column: 'decided_by_person_id' },
  { table: 'timesheet_corrections', column: 'corrected_by_person_id' },
  { table: 'report_exports', column: 'requested_by_person_id' },
  { table: 'duplicate_scans', column: 'requested_by_person_id' },
  { table: 'duplicate_dismissals', column: 'dismissed_by_person_id' },
  { table: 'person_merges', column: 'merged_by_person_id' },
  { table: 'person_merges', column: 'kept_person_id' },
  { table: 'privacy_runs', column: 'requested_by_person_id' },
  { table: 'import_tasks', column: 'requested_by_person_id' },
  // The import row that wrote the removed person: a re-import of it updates the kept one.
  { table: 'import_rows', column: 'person_id' },
  // Directory integrations (decision 048): who set one up or ran it, and the sign-ins written back.
  { table: 'integrations', column: 'created_by_person_id' },
  { table: 'integration_runs', column: 'requested_by_person_id' },
  { table: 'integration_authorizations', column: 'requested_by_person_id' },
  { table: 'integration_scans', column: 'person_id' },
  // The watchlist's screenings of the removed person (decision 051): the kept person's history now.
  { table: 'watchlist_screenings', column: 'person_id' },
  // Webhook messages about the removed person (decision 052): the kept person's now.
  { table: 'webhook_messages', column: 'person_id' },
];

/**
 * Every column holding a person's id, as `table.column`, with what the merge does with it: moved
 * (above and below), or left to go with the removed person (the duplicate board's own pairs).
 */
export const PERSON_REFERENCES: ReadonlySet<string> = new Set([
  ...OWNED.map((o) => `${o.table}.person_id`),
  ...LINKS.map((l) => `${l.table}.person_id`),
  ...ACTORS.map((a) => `${a.table}.${a.column}`),
  'emergency_roll.person_id',
  'badge_prints.requested_by_person_id',
  'duplicate_pairs.person_a_id',
  'duplicate_pairs.person_b_id',
  'duplicate_dismissals.person_a_id',
  'duplicate_dismissals.person_b_id',
  'person_merges.removed_person_id',
  // The visit summary's number for the removed person goes with it; its visits' part in the aggregates
  // follows them to the kept person by their triggers (decision 038).
  'visit_stats_people.person_id',
  // The company's anonymous record (decision 033) is never merged.
  'privacy_settings.anonymous_person_id',
  // A kiosk's offline actions and reviews (decision 045): the kept person's now.
  'kiosk_offline_actions.person_id',
  'kiosk_offline_reviews.person_id',
  // A directory record of the removed person follows to the kept one, unless the kept person already
  // stands for a record of that directory (then it goes, and the next sync finds the record again).
  'directory_links.person_id',
  // A SCIM user is the person it made: it goes with the removed person, and the identity provider's
  // next call finds it gone and provisions it again (adopting the kept person by email).
  'scim_users.id',
  // Face sign-in (decision 050): a consent is the giver's own and a face ID is made from that person's
  // photo: the removed person's go with them; the kept person consents (and is recognised) by their own.
  'face_consents.person_id',
  'face_descriptors.person_id',
  // "Not a match" was said of the removed record: the kept person is screened on their own details.
  'watchlist_dismissals.person_id',
  // A host's approval link was sent to the removed person: it goes with them (the kept one, a host of the
  // same visits after the merge, is asked again when the visitor comes to the door).
  'host_approval_links.host_id',
  // A request to come in past a full place (decision 054) is for one day: the removed record's goes with
  // it, and the kept person is asked about at the door if the place is still full.
  'capacity_approvals.person_id',
]);

async function updated(tx: Executor, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`with moved as (${statement} returning 1) select count(*)::int as n from moved`),
  );
  return Number(row?.n ?? 0);
}

/** Moves what the removed person has to the kept one; the counts by kind. */
export async function moveRecords(tx: Executor, p: MergePeople): Promise<Partial<Record<MergeKind, number>>> {
  const moved: Partial<Record<MergeKind, number>> = {};
  const add = (kind: MergeKind, n: number) => {
    if (n > 0) moved[kind] = (moved[kind] ?? 0) + n;
  };
  const { entityId, keepId, removeId } = p;
  for (const { table, kind } of OWNED) {
    const t = sql.raw(table);
    add(
      kind,
      await updated(
        tx,
        sql`update ${t} set person_id = ${keepId} where entity_id = ${entityId} and person_id = ${removeId}`,
      ),
    );
  }
  for (const { table, other, kind } of LINKS) {
    const t = sql.raw(table);
    const o = sql.raw(other);
    add(
      kind,
      await updated(
        tx,
        sql`update ${t} r set person_id = ${keepId}
             where r.entity_id = ${entityId} and r.person_id = ${removeId}
               and not exists (select 1 from ${t} k
                                where k.entity_id = r.entity_id and k.person_id = ${keepId} and k.${o} = r.${o})`,
      ),
    );
  }
  // Who did what: the kept person did it now.
  for (const { table, column } of ACTORS) {
    const t = sql.raw(table);
    const c = sql.raw(column);
    await tx.execute(sql`update ${t} set ${c} = ${keepId} where entity_id = ${entityId} and ${c} = ${removeId}`);
  }
  // What a kiosk replayed for the removed person, and its reviews: the kept person's. An action the kept
  // person already has under the same key (one item naming both) is kept once.
  await tx.execute(sql`
    update kiosk_offline_actions a set person_id = ${keepId}
     where a.entity_id = ${entityId} and a.person_id = ${removeId}
       and not exists (select 1 from kiosk_offline_actions k
                        where k.entity_id = a.entity_id and k.person_id = ${keepId}
                          and k.idempotency_key = a.idempotency_key)`);
  await tx.execute(sql`delete from kiosk_offline_actions where entity_id = ${entityId} and person_id = ${removeId}`);
  await tx.execute(
    sql`update kiosk_offline_reviews set person_id = ${keepId} where entity_id = ${entityId} and person_id = ${removeId}`,
  );
  // A badge print asked for by the removed person.
  add(
    'badge_prints',
    await updated(
      tx,
      sql`update badge_prints set requested_by_person_id = ${keepId}
           where entity_id = ${entityId} and requested_by_person_id = ${removeId}`,
    ),
  );
  // An emergency roll entry: the kept person's where they were not on that roll, else a typed name.
  add(
    'emergency_roll',
    await updated(
      tx,
      sql`update emergency_roll r
             set person_id = case when exists (
                   select 1 from emergency_roll k
                    where k.entity_id = r.entity_id and k.session_id = r.session_id and k.person_id = ${keepId})
                 then null else ${keepId}::uuid end
           where r.entity_id = ${entityId} and r.person_id = ${removeId}`,
    ),
  );
  return moved;
}
