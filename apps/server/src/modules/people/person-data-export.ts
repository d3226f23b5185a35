import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { rowsOf, type Executor } from '../../db/client';
import { detectImageKind } from '../../lib/images';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { descriptorSince, findConsent } from '../faces/faces.repository';
import { readPerson } from './people.service';

// Everything the company holds about one person, for a subject-access request (issue 16 item 4): a zip
// of JSON files (the profile with its user types, sites, labels and custom-field values; every visit
// with its places, hosts, times, notes and checks; compliance answers; documents; visit permits;
// QuickPasses; emergency roll entries; face sign-in's consent and whether a face descriptor is stored;
// watchlist screenings; what was sent about them to webhook endpoints) and the files (the photo, each
// document's upload). Read in one
// transaction, so the parts agree; audited as `person.data_exported`.

type Part = { name: string; data: Buffer };

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

async function visitsOf(tx: Executor, entityId: string, personId: string) {
  return rowsOf(
    await tx.execute(sql`
      select v.id, v.state, v.stage, s.name as site, a.name as area, ut.name as user_type, j.name as journey,
             v.login_mode, v.expected_at, v.signed_in_at, v.signed_out_at, v.sign_in_source, v.sign_out_source,
             k.name as kiosk, v.notes, v.temperature_c, v.mask, v.override_reason, lr.name as late_reason,
             er.name as early_reason, v.host_message, v.confirmed_at, v.decided_at, v.created_at,
             coalesce((select json_agg(trim(h.first_name || ' ' || h.last_name) order by h.last_name, h.first_name)
                         from visit_hosts vh join people h on h.entity_id = vh.entity_id and h.id = vh.person_id
                        where vh.entity_id = v.entity_id and vh.visit_id = v.id), '[]'::json) as hosts
        from visits v
        join sites s on s.entity_id = v.entity_id and s.id = v.site_id
        join areas a on a.entity_id = v.entity_id and a.id = v.area_id
        left join user_types ut on ut.entity_id = v.entity_id and ut.id = v.user_type_id
        left join journeys j on j.entity_id = v.entity_id and j.id = v.journey_id
        left join kiosks k on k.entity_id = v.entity_id and k.id = v.kiosk_id
        left join attendance_reasons lr on lr.entity_id = v.entity_id and lr.id = v.late_reason_id
        left join attendance_reasons er on er.entity_id = v.entity_id and er.id = v.early_reason_id
       where v.entity_id = ${entityId} and v.person_id = ${personId}
       order by v.activity_at, v.id`),
  );
}

async function complianceAnswersOf(tx: Executor, entityId: string, personId: string) {
  return rowsOf(
    await tx.execute(sql`
      select r.id, cv.name as compliance, r.compliance_version as version, r.visit_id, r.status, r.is_completed,
             r.is_wrong, r.answers, r.notes, r.answered_at, r.valid_until
        from compliance_responses r
        join compliance_versions cv
          on cv.entity_id = r.entity_id and cv.compliance_id = r.compliance_id and cv.version = r.compliance_version
       where r.entity_id = ${entityId} and r.person_id = ${personId}
       order by r.answered_at, r.id`),
  );
}

type DocumentRow = {
  id: string;
  type: string;
  status: string;
  file: string | null;
  file_name: string | null;
  [column: string]: unknown;
};

async function documentsOf(tx: Executor, entityId: string, personId: string) {
  return rowsOf<DocumentRow>(
    await tx.execute(sql`
      select d.id, d.type, d.status, c.name as compliance, d.visit_id, d.start_date, d.expiry_date, d.notes,
             d.metadata, d.file, d.file_name, d.created_at, d.updated_at
        from person_documents d
        left join compliances c on c.entity_id = d.entity_id and c.id = d.compliance_id
       where d.entity_id = ${entityId} and d.person_id = ${personId} and d.deleted_at is null
       order by d.created_at, d.id`),
  );
}

async function othersOf(tx: Executor, entityId: string, personId: string) {
  const permits = rowsOf(
    await tx.execute(sql`
      select vp.name, vp.description, vp.start_date, vp.end_date, vp.start_time, vp.end_time, vp.recurrence,
             pvp.status
        from person_visit_permits pvp
        join visit_permits vp on vp.entity_id = pvp.entity_id and vp.id = pvp.permit_id
       where pvp.entity_id = ${entityId} and pvp.person_id = ${personId}
       order by vp.name`),
  );
  const quickPasses = rowsOf(
    await tx.execute(sql`
      select created_at as printed_at from quick_passes
       where entity_id = ${entityId} and person_id = ${personId} order by created_at`),
  );
  const emergency = rowsOf(
    await tx.execute(sql`
      select s.name as session, s.is_drill, s.started_at, r.full_name, r.company_name, r.phone, r.status, r.source,
             r.marked_at, r.marked_by_name
        from emergency_roll r
        join emergency_sessions s on s.entity_id = r.entity_id and s.id = r.session_id
       where r.entity_id = ${entityId} and r.person_id = ${personId}
       order by s.started_at`),
  );
  return { permits, quickPasses, emergency };
}

/** Face sign-in (decision 050): the consent and whether a face descriptor is stored, since when; never its numbers. */
async function faceOf(tx: Executor, entityId: string, personId: string) {
  const consent = await findConsent(tx, entityId, personId);
  const since = await descriptorSince(tx, entityId, personId);
  return {
    face_descriptor_stored: since !== null,
    face_descriptor_since: since,
    consent: consent ? { given_at: consent.givenAt, source: consent.source, withdrawn_at: consent.withdrawnAt } : null,
  };
}

/**
 * Watchlist screenings that found the person (decision 051), and what was sent about them to the
 * company's webhook endpoints (decision 052): to whom, when, and whether it arrived.
 */
async function screeningsAndMessagesOf(tx: Executor, entityId: string, personId: string) {
  const screenings = rowsOf(
    await tx.execute(sql`
      select at, way, entry_name, level, score, reasons, outcome, decided_at, decision_reason, expires_at
        from watchlist_screenings
       where entity_id = ${entityId} and person_id = ${personId}
       order by at, id`),
  );
  const webhookMessages = rowsOf(
    await tx.execute(sql`
      select m.event_type as event, m.created_at, m.payload,
             coalesce((select json_agg(json_build_object('endpoint_url', e.url, 'status', d.status,
                                                         'last_attempt_at', d.last_attempt_at)
                                       order by e.url)
                         from webhook_deliveries d
                         join webhook_endpoints e on e.entity_id = d.entity_id and e.id = d.endpoint_id
                        where d.entity_id = m.entity_id and d.message_id = m.id), '[]'::json) as sent_to
        from webhook_messages m
       where m.entity_id = ${entityId} and m.person_id = ${personId}
       order by m.created_at, m.id`),
  );
  return { screenings, webhookMessages };
}

/** A document's file in the zip: its id and the kind its content says, never the name as uploaded. */
function documentEntry(doc: DocumentRow, data: Buffer): string {
  const image = detectImageKind(data);
  const ext = image ?? (data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : 'bin');
  return `documents/${doc.id}.${ext}`;
}

/** The zip of everything held about the person, as a stream, and its file name. */
export async function exportPersonData(
  app: FastifyInstance,
  ctx: AccessContext,
  personId: string,
): Promise<{ stream: Readable; fileName: string }> {
  const read = await inTenant(app, ctx, async (tx) => {
    const person = await readPerson(tx, ctx, personId);
    const [image] = rowsOf<{ image: string | null; rfid: string | null; qr_code: string }>(
      await tx.execute(
        sql`select image, rfid, qr_code from people where entity_id = ${ctx.entityId} and id = ${personId}`,
      ),
    );
    const visits = await visitsOf(tx, ctx.entityId, personId);
    const answers = await complianceAnswersOf(tx, ctx.entityId, personId);
    const documents = await documentsOf(tx, ctx.entityId, personId);
    const others = await othersOf(tx, ctx.entityId, personId);
    const face = await faceOf(tx, ctx.entityId, personId);
    const told = await screeningsAndMessagesOf(tx, ctx.entityId, personId);
    await writeAudit(tx, ctx, {
      action: 'person.data_exported',
      targetType: 'person',
      targetId: personId,
      after: { visits: visits.length, documents: documents.length, compliance_answers: answers.length },
    });
    return {
      person,
      image: image?.image ?? null,
      rfid: image?.rfid ?? null,
      visits,
      answers,
      documents,
      others,
      face,
      told,
    };
  });

  const parts: Part[] = [];
  const files: Part[] = [];
  if (read.image) {
    const data = await app.files.get(read.image);
    const kind = data ? detectImageKind(data) : null;
    if (data && kind) files.push({ name: `photo.${kind}`, data });
  }
  const documents = [];
  for (const doc of read.documents) {
    const { file, ...shown } = doc;
    const data = file ? await app.files.get(file) : null;
    const entry = data ? documentEntry(doc, data) : null;
    if (data && entry) files.push({ name: entry, data });
    documents.push({ ...shown, file_in_export: entry });
  }
  parts.push({ name: 'person.json', data: json({ ...read.person, rfid: read.rfid, exported_at: new Date() }) });
  parts.push({ name: 'visits.json', data: json(read.visits) });
  parts.push({ name: 'compliance-answers.json', data: json(read.answers) });
  parts.push({ name: 'documents.json', data: json(documents) });
  parts.push({ name: 'visit-permits.json', data: json(read.others.permits) });
  parts.push({ name: 'quick-passes.json', data: json(read.others.quickPasses) });
  parts.push({ name: 'emergency-rolls.json', data: json(read.others.emergency) });
  parts.push({ name: 'face-sign-in.json', data: json(read.face) });
  parts.push({ name: 'watchlist-screenings.json', data: json(read.told.screenings) });
  parts.push({ name: 'webhook-messages.json', data: json(read.told.webhookMessages) });

  // Loaded with the first export: an idle server never needs it.
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  for (const part of [...parts, ...files]) zip.addBuffer(part.data, part.name, { mtime: new Date() });
  zip.end();
  const safeName = read.person.full_name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '') || 'person';
  return { stream: zip.outputStream as Readable, fileName: `${safeName}-data.zip` };
}
