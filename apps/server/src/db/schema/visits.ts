import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  integer,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { complianceResponses, compliances } from './compliances';
import { entities } from './global';
import { people } from './people';
import { areas, sites } from './sites';

/**
 * One person's visit to an area (spec §3 Visit): expected (pre-registered or added by an admin), then
 * signed in (arrival) and signed out (departure), or checked in once in a check-in-only area.
 *
 * - `state`: expected → on_site → left; checked_in for check-in-only areas; cancelled when an
 *   expected visit is deleted (kept, so its confirmation link can say so).
 * - `stage`: the journey stage of spec §4 while the visit is expected (compliance_pending,
 *   compliance_failed, ready_to_sign_in, awaiting_approval, awaiting_approval_compliance_failed,
 *   rejected, approved, auto_approved).
 * - `link_token`: the random part of the visitor's links (`/pre-registration/{token}`,
 *   `/online-compliance/{token}`, `/c/{token}/{code}`); `link_code` the short code of the QR.
 * - `idempotency_key`: a client-supplied key of a sign-in with the person's id after it
 *   (`<key>:<person id>`); the same key never makes two visits. `idempotency_request` is the client's
 *   key alone (generated), so a retry finds its request's visits by a plain comparison under RLS.
 *
 * Times are instants (UTC); screens show them on the company's clock.
 */
export const visits = pgTable(
  'visits',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    userTypeId: uuid('user_type_id'),
    siteId: uuid('site_id').notNull(),
    areaId: uuid('area_id').notNull(),
    journeyId: uuid('journey_id'),
    journeyFlowId: uuid('journey_flow_id'),
    /** The area's login mode when the visit began: signIn_signOut or checkIn_only. */
    loginMode: text('login_mode').notNull(),
    state: text('state').notNull(),
    stage: text('stage'),
    /** When the person is expected (expected visits). */
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    signedInAt: timestamp('signed_in_at', { withTimezone: true }),
    signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
    /** Where the visit was begun and ended: dashboard, kiosk, api, pre_registration; auto_24h, auto_midnight, area_mode_change. */
    signInSource: text('sign_in_source'),
    signOutSource: text('sign_out_source'),
    kioskId: uuid('kiosk_id'),
    /** Spec §5: at most 30 characters. */
    notes: text('notes'),
    /** The temperature taken at sign-in, in Celsius. */
    temperatureC: numeric('temperature_c', { precision: 4, scale: 1 }),
    mask: boolean('mask'),
    /** Why a failed temperature or mask check was let through (at least 20 characters). */
    overrideReason: text('override_reason'),
    lateReasonId: uuid('late_reason_id'),
    earlyReasonId: uuid('early_reason_id'),
    /** When the hosts were told in chat that their expected visitor had not come (decision 053). */
    hostLateAlertedAt: timestamp('host_late_alerted_at', { withTimezone: true }),
    /** A message the visitor left for the host (spec Host payload hostMessage). */
    hostMessage: text('host_message'),
    /** Who added an expected visit, approved or rejected it (a person of the company). */
    createdByPersonId: uuid('created_by_person_id'),
    decidedByPersonId: uuid('decided_by_person_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    linkToken: text('link_token'),
    linkCode: text('link_code'),
    idempotencyKey: text('idempotency_key'),
    // `<key>:<uuid>` without its last 37 characters: the request's key.
    idempotencyRequest: text('idempotency_request').generatedAlwaysAs(sql`left("idempotency_key", -37)`),
    /** Anything a kiosk or the API sent that we keep as it came (rating, device details). */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Generated columns for the logbook (decision 022): plain columns its indexes can serve under
    // row-level security.
    /** When the visit happened: its arrival, else when it is expected, else when it was made. */
    activityAt: timestamp('activity_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce("signed_in_at", "expected_at", "created_at")`),
    /** When it stopped being current: its departure; on site: never; otherwise its activity. */
    activeUntil: timestamp('active_until', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce("signed_out_at", case when "state" = 'on_site' then 'infinity'::timestamptz else coalesce("signed_in_at", "expected_at", "created_at") end)`,
      ),
    /**
     * Current for more than a day (or on site now): the few visits the logbook looks up apart, so that
     * the others are found within a day of the range.
     */
    longVisit: boolean('long_visit')
      .notNull()
      .generatedAlwaysAs(
        sql`case when "signed_out_at" is null then "state" = 'on_site' else "signed_out_at" - coalesce("signed_in_at", "expected_at", "created_at") > interval '1 day' end`,
      ),
  },
  // Foreign keys that clear one column when their row goes (user type, journey, flow, kiosk, reasons)
  // are in migration 0015: ON DELETE SET NULL (column) keeps entity_id, which drizzle cannot declare.
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.siteId], foreignColumns: [sites.entityId, sites.id] }),
    foreignKey({ columns: [t.entityId, t.areaId], foreignColumns: [areas.entityId, areas.id] }),
    // The logbook by activity (either way) is visits_entity_activity_at_idx of migration 0020: it
    // carries active_until, so the range is checked and counted from the index alone.
    index('visits_entity_long_idx')
      .on(t.entityId, t.activityAt, t.id)
      .where(sql`${t.longVisit}`),
    // Today's counts: arrivals of the day.
    index('visits_entity_activity_idx').on(t.entityId, t.signedInAt),
    index('visits_entity_expected_idx').on(t.entityId, t.expectedAt),
    // A person's visits by activity (the logbook searched by person, a person's history).
    index('visits_person_idx').on(t.entityId, t.personId, t.activityAt),
    // A person's open visits (on site now, expected): what decides a sign-in, however many visits the
    // person has had.
    index('visits_open_person_idx')
      .on(t.entityId, t.personId)
      .where(sql`${t.state} in ('on_site', 'expected')`),
    // Who is on site now, per area (counts, auto sign-out, area mode changes, delete refusals).
    index('visits_on_site_idx')
      .on(t.entityId, t.areaId)
      .where(sql`${t.state} = 'on_site'`),
    // Links are found by their token alone (public pages know no company): through capability_keys
    // (decision 055), unique across companies there; here per company, as Citus needs.
    uniqueIndex('visits_link_token_key').on(t.entityId, t.linkToken),
    uniqueIndex('visits_idempotency_key').on(t.entityId, t.idempotencyKey),
    index('visits_idempotency_request_idx')
      .on(t.entityId, t.idempotencyRequest)
      .where(sql`${t.idempotencyRequest} is not null`),
  ],
);

/** The hosts of a visit (spec Host payload: host_user_id or host_user_ids). */
export const visitHosts = pgTable(
  'visit_hosts',
  {
    entityId: uuid('entity_id').notNull(),
    visitId: uuid('visit_id').notNull(),
    personId: uuid('person_id').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.visitId, t.personId] }),
    foreignKey({ columns: [t.entityId, t.visitId], foreignColumns: [visits.entityId, visits.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    index('visit_hosts_person_idx').on(t.entityId, t.personId),
  ],
);

/**
 * A vaccine certificate or test result a person uploaded for a vaccine/PCR compliance (spec §3
 * Vaccine or test document): `type` covid_vaccine or test; `status` of spec §4 Vaccine/PCR status.
 */
export const personDocuments = pgTable(
  'person_documents',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    complianceId: uuid('compliance_id'),
    visitId: uuid('visit_id'),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** File-store key of the uploaded file. */
    file: text('file'),
    fileName: text('file_name'),
    startDate: date('start_date'),
    expiryDate: date('expiry_date'),
    notes: text('notes'),
    /** Vaccine name, protocol, batch number, result and what a certificate reader found. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The compliance answer the document made (the vaccine toggle of spec §4 ends it, and turning it
     * back on judges the document again); null for a document made before answers were linked.
     */
    responseId: uuid('response_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The visit's foreign key (cleared with the visit) is in migration 0015.
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.complianceId], foreignColumns: [compliances.entityId, compliances.id] }),
    index('person_documents_person_idx').on(t.entityId, t.personId, t.createdAt),
    foreignKey({
      columns: [t.entityId, t.responseId],
      foreignColumns: [complianceResponses.entityId, complianceResponses.id],
    }).onDelete('set null'),
  ],
);

/**
 * A badge sent to print (spec Print badge; the print queue of /reporting/printer): what it showed is
 * kept as printed, so a reprint is the same badge.
 */
export const badgePrints = pgTable(
  'badge_prints',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    visitId: uuid('visit_id').notNull(),
    kioskId: uuid('kiosk_id'),
    /** queued, printed, cancelled. */
    status: text('status').notNull().default('queued'),
    badge: jsonb('badge').$type<Record<string, unknown>>().notNull(),
    requestedByPersonId: uuid('requested_by_person_id'),
    /** The print this one reprints (the same badge, sent again); null for a first print. */
    reprintOf: uuid('reprint_of'),
    /** When the print was confirmed on paper (the dashboard's print dialog, or the kiosk that printed it). */
    printedAt: timestamp('printed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The kiosk's foreign key (cleared with the kiosk) is in migration 0015.
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.visitId], foreignColumns: [visits.entityId, visits.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.reprintOf], foreignColumns: [t.entityId, t.id] }),
    index('badge_prints_entity_created_idx').on(t.entityId, t.createdAt),
    // The print queue's order (newest first) and its keyset.
    index('badge_prints_entity_created_id_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The online compliance link and its reminders of an expected visit (spec §5: sent at least 5 minutes
 * before the visit, reminders at least 30 minutes apart), one row per visit. `expected_at` is the visit
 * time the sends were for: moving the visit starts them again. `next_due_at` is when the next one goes,
 * null when none will (completed, cancelled, arrived, no email); the job that sends locks the row and
 * moves it on in the same transaction, so a run that comes twice sends once.
 */
export const visitComplianceMails = pgTable(
  'visit_compliance_mails',
  {
    entityId: uuid('entity_id').notNull(),
    visitId: uuid('visit_id').notNull(),
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    /**
     * The mail a run recorded as sent and hands to the mailer after its commit; cleared once the
     * mailer's outbox has it, so a crash in between sends it on the next run instead of losing it.
     */
    pendingMail: jsonb('pending_mail').$type<{ id: string; to: string; subject: string; text: string }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.visitId] }),
    foreignKey({ columns: [t.entityId, t.visitId], foreignColumns: [visits.entityId, visits.id] }).onDelete('cascade'),
    index('visit_compliance_mails_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.nextDueAt} is not null`),
    index('visit_compliance_mails_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.pendingMail} is not null`),
  ],
);
