import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { newQrCode } from '../entities/entity-setup';

// Erasure and anonymisation (decision 033), set-based, in the caller's transaction. A scan (visit) is
// anonymised in place: it comes to point at the company's anonymous record, loses what was said or
// given at it (notes, messages, checks, custom-field values, compliance answers and documents, badge
// prints, the roll entry's copy of the name and contacts) and keeps where, when, which type and which
// host — so every report keeps its totals. A person is erased by anonymising all their visits and then
// deleting them with what is theirs alone (labels, values, documents, passes, cards, permits...).
// `ERASURE_REFERENCES` names what happens to every column that holds a person's id; a test compares
// it with the database's catalogue, as the merge's does.

/** Every column holding a person's id, with what an erasure does with it. */
export const ERASURE_REFERENCES: Readonly<Record<string, 'anonymised' | 'deleted with the person' | 'cleared'>> = {
  'visits.person_id': 'anonymised',
  'kiosk_events.person_id': 'anonymised',
  // A kiosk's offline sign-in kept for review keeps what happened, not whom (decision 045).
  'kiosk_offline_reviews.person_id': 'anonymised',
  // What a kiosk's replay applied, kept so a replay is not applied twice: nothing to keep of an erased person.
  'kiosk_offline_actions.person_id': 'deleted with the person',
  'emergency_roll.person_id': 'cleared',
  'visits.created_by_person_id': 'cleared',
  'visits.decided_by_person_id': 'cleared',
  'badge_prints.requested_by_person_id': 'cleared',
  'visit_hosts.person_id': 'deleted with the person',
  'compliance_responses.person_id': 'deleted with the person',
  'person_documents.person_id': 'deleted with the person',
  'quick_passes.person_id': 'deleted with the person',
  'rfid_enrolments.person_id': 'deleted with the person',
  'timesheet_corrections.person_id': 'deleted with the person',
  'person_visit_permits.person_id': 'deleted with the person',
  'person_labels.person_id': 'deleted with the person',
  'person_field_values.person_id': 'deleted with the person',
  'person_sites.person_id': 'deleted with the person',
  'person_user_types.person_id': 'deleted with the person',
  'user_type_hosts.person_id': 'deleted with the person',
  'journey_flow_hosts.person_id': 'deleted with the person',
  'duplicate_pairs.person_a_id': 'deleted with the person',
  'duplicate_pairs.person_b_id': 'deleted with the person',
  'duplicate_dismissals.person_a_id': 'deleted with the person',
  'duplicate_dismissals.person_b_id': 'deleted with the person',
  'person_merges.kept_person_id': 'deleted with the person',
  'import_rows.person_id': 'deleted with the person',
  // The visit summary's number for the person; the aggregates follow the anonymised visits by their
  // triggers (decision 038).
  'visit_stats_people.person_id': 'deleted with the person',
  // Columns naming a dashboard member (who asked, who corrected, who merged): people who sign in to the
  // dashboard are never erased, so these never name an erased person.
  'timesheet_corrections.corrected_by_person_id': 'cleared',
  'report_exports.requested_by_person_id': 'cleared',
  'duplicate_scans.requested_by_person_id': 'cleared',
  'duplicate_dismissals.dismissed_by_person_id': 'cleared',
  'person_merges.merged_by_person_id': 'cleared',
  'person_merges.removed_person_id': 'cleared',
  'privacy_runs.requested_by_person_id': 'cleared',
  'import_tasks.requested_by_person_id': 'cleared',
  'privacy_settings.anonymous_person_id': 'cleared',
  // Directory integrations (decision 048): the link to the person's record and the sign-ins written
  // back go with them (a directory that still lists them brings the record back as new); who set one up
  // or ran it is a dashboard member.
  'directory_links.person_id': 'deleted with the person',
  // Face sign-in (decision 050): the consent and the face ID are the person's alone.
  'face_consents.person_id': 'deleted with the person',
  'face_descriptors.person_id': 'deleted with the person',
  // The watchlist (decision 051): screenings naming the person, and the entries an admin said they are
  // not, go with them (by their foreign keys); a screening of someone not yet a person keeps their
  // details only until the company's data retention.
  'watchlist_screenings.person_id': 'deleted with the person',
  'watchlist_dismissals.person_id': 'deleted with the person',
  'integration_scans.person_id': 'deleted with the person',
  // Webhooks (decision 052): the messages about the person, sent or waiting, go with them.
  'webhook_messages.person_id': 'deleted with the person',
  'host_approval_links.host_id': 'deleted with the person',
  // Capacity (decision 054): the person's requests to come in past a full place go with them.
  'capacity_approvals.person_id': 'deleted with the person',
  'integrations.created_by_person_id': 'cleared',
  'integration_runs.requested_by_person_id': 'cleared',
  'integration_authorizations.requested_by_person_id': 'cleared',
};

const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

async function count(tx: Executor, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`with done as (${statement} returning 1) select count(*)::int as n from done`),
  );
  return Number(row?.n ?? 0);
}

/** The company's anonymous record, made on first use (status `anonymous`: in no list, never signs in). */
export async function anonymousPerson(tx: Executor, entityId: string): Promise<string> {
  await tx.execute(sql`insert into privacy_settings (entity_id) values (${entityId}) on conflict do nothing`);
  const [settings] = rowsOf<{ anonymous_person_id: string | null }>(
    await tx.execute(sql`select anonymous_person_id from privacy_settings where entity_id = ${entityId} for update`),
  );
  if (settings?.anonymous_person_id) return settings.anonymous_person_id;
  const id = newId();
  await tx.execute(sql`
    insert into people (entity_id, id, first_name, last_name, role_id, status, qr_code)
    select ${entityId}, ${id}, 'Anonymised', '', r.id, 'anonymous', ${newQrCode()}
      from roles r where r.entity_id = ${entityId}
     order by (r.key = 'employee') desc nulls last, r.created_at
     limit 1`);
  await tx.execute(
    sql`update privacy_settings set anonymous_person_id = ${id}, updated_at = now() where entity_id = ${entityId}`,
  );
  return id;
}

/** Files of the visits' documents, to remove once the transaction has committed. */
async function visitDocumentFiles(tx: Executor, entityId: string, visitIds: readonly string[]) {
  return rowsOf<{ file: string }>(
    await tx.execute(sql`
      select file from person_documents
       where entity_id = ${entityId} and visit_id = any(${uuids(visitIds)}) and file is not null`),
  ).map((r) => r.file);
}

/**
 * Anonymises the given visits (see above); answers how many and the files to remove after commit.
 * Visits already anonymised are counted again only if they still pointed elsewhere.
 */
export async function anonymiseVisits(
  tx: Executor,
  entityId: string,
  anonymousId: string,
  visitIds: readonly string[],
): Promise<{ visits: number; files: string[] }> {
  if (visitIds.length === 0) return { visits: 0, files: [] };
  const ids = uuids(visitIds);
  const files = await visitDocumentFiles(tx, entityId, visitIds);
  await tx.execute(sql`delete from person_documents where entity_id = ${entityId} and visit_id = any(${ids})`);
  await tx.execute(sql`delete from compliance_responses where entity_id = ${entityId} and visit_id = any(${ids})`);
  await tx.execute(sql`delete from badge_prints where entity_id = ${entityId} and visit_id = any(${ids})`);
  await tx.execute(sql`
    update emergency_roll
       set person_id = null, full_name = 'Anonymised', company_name = null, phone = null, email = null,
           safe_token_hash = null
     where entity_id = ${entityId} and visit_id = any(${ids})`);
  await tx.execute(sql`
    update kiosk_events set person_id = ${anonymousId}
     where entity_id = ${entityId} and visit_id = any(${ids}) and person_id is distinct from ${anonymousId}`);
  await tx.execute(sql`
    update kiosk_offline_reviews set person_id = ${anonymousId}, person_name = 'Anonymised'
     where entity_id = ${entityId} and visit_id = any(${ids})`);
  await tx.execute(sql`delete from kiosk_offline_actions where entity_id = ${entityId} and visit_id = any(${ids})`);
  // Their person remembers they visited then, though the visit no longer names them.
  await tx.execute(sql`
    update people p set retained_visit_at = greatest(p.retained_visit_at, m.at)
      from (select person_id, max(activity_at) as at from visits
             where entity_id = ${entityId} and id = any(${ids}) and person_id <> ${anonymousId}
             group by person_id) m
     where p.entity_id = ${entityId} and p.id = m.person_id`);
  const visits = await count(
    tx,
    sql`update visits
           set person_id = ${anonymousId}, notes = null, host_message = null, override_reason = null,
               temperature_c = null, mask = null, extra = '{}'::jsonb, link_token = null, link_code = null,
               idempotency_key = null, updated_at = now()
         where entity_id = ${entityId} and id = any(${ids}) and person_id <> ${anonymousId}`,
  );
  return { visits, files };
}

/** The photo and document files of people about to be erased. */
async function filesOfPeople(tx: Executor, entityId: string, personIds: readonly string[]) {
  const ids = uuids(personIds);
  return rowsOf<{ file: string }>(
    await tx.execute(sql`
      select image as file from people where entity_id = ${entityId} and id = any(${ids}) and image is not null
      union all
      select file from person_documents where entity_id = ${entityId} and person_id = any(${ids}) and file is not null`),
  ).map((r) => r.file);
}

/**
 * Erases people: all their visits anonymised, what names them elsewhere cleared, their audit entries'
 * copies of them redacted, then the people deleted with what is theirs alone. Only people who do not
 * sign in to the dashboard and are not the company's own record are erased; the others are left.
 */
export async function erasePeople(
  tx: Executor,
  entityId: string,
  anonymousId: string,
  personIds: readonly string[],
): Promise<{ people: number; visits: number; files: string[] }> {
  if (personIds.length === 0) return { people: 0, visits: 0, files: [] };
  const erasable = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from people
       where entity_id = ${entityId} and id = any(${uuids(personIds)}) and id <> ${anonymousId}
         and is_default = false and dashboard_access not in ('active', 'invited') and membership_id is null
       for update`),
  ).map((r) => r.id);
  if (erasable.length === 0) return { people: 0, visits: 0, files: [] };
  const ids = uuids(erasable);
  const visitIds = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from visits where entity_id = ${entityId} and person_id = any(${ids})`),
  ).map((r) => r.id);
  const anonymised = await anonymiseVisits(tx, entityId, anonymousId, visitIds);
  const files = [...anonymised.files, ...(await filesOfPeople(tx, entityId, erasable))];
  await tx.execute(sql`
    update kiosk_events set person_id = ${anonymousId} where entity_id = ${entityId} and person_id = any(${ids})`);
  await tx.execute(sql`
    update kiosk_offline_reviews set person_id = ${anonymousId}, person_name = 'Anonymised'
     where entity_id = ${entityId} and person_id = any(${ids})`);
  await tx.execute(sql`delete from kiosk_offline_actions where entity_id = ${entityId} and person_id = any(${ids})`);
  await tx.execute(sql`
    update emergency_roll
       set person_id = null, full_name = 'Anonymised', company_name = null, phone = null, email = null,
           safe_token_hash = null
     where entity_id = ${entityId} and person_id = any(${ids})`);
  await tx.execute(
    sql`update visits set created_by_person_id = null where entity_id = ${entityId} and created_by_person_id = any(${ids})`,
  );
  await tx.execute(
    sql`update visits set decided_by_person_id = null where entity_id = ${entityId} and decided_by_person_id = any(${ids})`,
  );
  await tx.execute(sql`
    update badge_prints set requested_by_person_id = null
     where entity_id = ${entityId} and requested_by_person_id = any(${ids})`);
  // The rows of an import that wrote them hold their details as typed in the sheet.
  await tx.execute(sql`delete from import_rows where entity_id = ${entityId} and person_id = any(${ids})`);
  // Their sign-ins waiting to be written back to a directory (their directory link goes with them).
  await tx.execute(sql`delete from integration_scans where entity_id = ${entityId} and person_id = any(${ids})`);
  const people = await count(tx, sql`delete from people where entity_id = ${entityId} and id = any(${ids})`);
  // app_user may not rewrite the audit log (migration 0039): the copies of people no longer in the
  // company are redacted by the one function that may, so only after they are deleted.
  await tx.execute(sql`select app_audit_redact_erased(${ids})`);
  return { people, visits: anonymised.visits, files };
}
