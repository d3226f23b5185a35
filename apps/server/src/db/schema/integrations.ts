import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities } from './global';
import { people } from './people';
import { sites } from './sites';
import { userTypes } from './user-types';
import { attendanceReasons } from './attendance';

// Directory integrations (decision 048): a company's connection to Google Workspace, Microsoft Entra
// ID, Paxton Net2 or Wonde, read by sync runs; or a SCIM 2.0 endpoint its identity provider pushes to.
// People read from a directory land first as temporary users (errors, duplicates, valid), are migrated
// into real people, and stay linked to their directory record so that later runs update or archive
// them.

/** What an integration takes from its directory: the groups and the user type each maps to, the fields. */
export type IntegrationMapping = {
  /** In order: a person in several mapped groups takes the first group's user type. */
  groups: { id: string; name: string; userTypeId: string }[];
  /** Person fields taken from the directory besides the names: email, phone, id_number, department. */
  fields: string[];
  /** SCIM: the user type of people in no mapped group. */
  defaultUserTypeId?: string | null;
  /** Wonde and Paxton: sign-ins and sign-outs written back to the directory. */
  writeBack?: boolean;
  /** The areas whose sign-ins are written back (empty: every area of the integration's sites). */
  writeBackAreaIds?: string[];
  /** Wonde: the attendance code a sign-in with no late reason is written back as (a present mark). */
  presentCode?: { id: string; label: string } | null;
};

/** A connector's memory between runs (a Microsoft Graph delta link and when it was issued, …). */
export type IntegrationCursor = Record<string, string | number | null>;

export const integrations = pgTable(
  'integrations',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower(btrim("name"))`),
    /** googleAD, azureAD, paxton, wonde or scim. */
    dirCode: text('dir_code').notNull(),
    /** draft, active, active_with_errors, authentication_failed, inactive, invalid. */
    status: text('status').notNull().default('draft'),
    /** What the directory is reached with that is not secret: tenant id, client id, server URL, school id, account. */
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    /** The secrets (client secret, password, tokens) as one sealed JSON object (lib/secrets). */
    secrets: text('secrets'),
    /** When the directory's credentials were last exchanged for fresh ones (spec: refreshed after 24 h). */
    tokenRefreshedAt: timestamp('token_refreshed_at', { withTimezone: true }),
    mapping: jsonb('mapping').$type<IntegrationMapping>().notNull().default({ groups: [], fields: [] }),
    /** immediately, daily, weekly, monthly. */
    syncFrequency: text('sync_frequency').notNull().default('daily'),
    cursor: jsonb('cursor').$type<IntegrationCursor>(),
    /** The first migration finished: later runs write people directly. */
    migratedAt: timestamp('migrated_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** SCIM: the bearer token's SHA-256, hex (the token is shown once). */
    scimTokenHash: text('scim_token_hash'),
    /** Write-back: visits up to this moment have been collected. */
    scansCollectedUntil: timestamp('scans_collected_until', { withTimezone: true }),
    createdByPersonId: uuid('created_by_person_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('integrations_entity_name_key').on(t.entityId, t.nameLower),
    index('integrations_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    // Across companies, on the owner's connection: the scheduler's due runs.
    index('integrations_next_sync_idx').on(t.nextSyncAt),
    // SCIM's token is found through capability_keys (decision 055), unique across companies there.
    uniqueIndex('integrations_scim_token_key').on(t.entityId, t.scimTokenHash),
  ],
);

export const integrationSites = pgTable(
  'integration_sites',
  {
    entityId: uuid('entity_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    siteId: uuid('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.integrationId, t.siteId] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.siteId], foreignColumns: [sites.entityId, sites.id] }).onDelete('cascade'),
    index('integration_sites_site_idx').on(t.entityId, t.siteId),
  ],
);

/** A sync or a migration: the spec's sync job with its status code (sync_status.id), and the run's log. */
export const integrationRuns = pgTable(
  'integration_runs',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    /** first, auto, manual, migrate, scim. */
    kind: text('kind').notNull(),
    /** The spec's sync job codes: 0, 1, 2, 11, 6 running; 3, 15 done; 4, 5, 7, 8 failed; 9, 10 authentication failed. */
    statusCode: integer('status_code').notNull().default(0),
    /** A translation key of `integrations:` (or the directory's own words for code 10). */
    message: text('message'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    read: integer('read').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    archived: integer('archived').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    /** The first problems of records that failed, to show in the log: `{ externalId, name, key }`. */
    problems: jsonb('problems')
      .$type<{ externalId: string | null; name: string | null; key: string }[]>()
      .notNull()
      .default([]),
    /** Who asked for it (null for the schedule and SCIM). */
    requestedByPersonId: uuid('requested_by_person_id'),
    /** The run is alive while this is recent; a run whose heartbeat stopped is marked interrupted. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    index('integration_runs_integration_idx').on(t.entityId, t.integrationId, t.startedAt.desc(), t.id),
  ],
);

/** A directory record waiting to become a person (spec: temporary users with errors, duplicates, valid). */
export const integrationTempUsers = pgTable(
  'integration_temp_users',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    externalId: text('external_id').notNull(),
    /** error, duplicate, valid, migrated. */
    state: text('state').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phoneCode: text('phone_code'),
    phone: text('phone'),
    idNumber: text('id_number'),
    department: text('department'),
    userTypeId: uuid('user_type_id'),
    /** The record's groups, as the directory names them. */
    groupNames: text('group_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What is wrong, by field: `{ field: translation key }`. */
    problems: jsonb('problems').$type<Record<string, string>>().notNull().default({}),
    /** People of the company the record may be. */
    duplicateIds: uuid('duplicate_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Why each may be: email, phone, id_number, name. */
    duplicateReasons: text('duplicate_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The directory record's hash when it was read. */
    sourceHash: text('source_hash').notNull(),
    lastNameLower: text('last_name_lower').generatedAlwaysAs(sql`lower(coalesce("last_name", ''))`),
    runId: uuid('run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    uniqueIndex('integration_temp_users_record_key').on(t.entityId, t.integrationId, t.externalId),
    index('integration_temp_users_state_idx').on(t.entityId, t.integrationId, t.state, t.lastNameLower, t.id),
  ],
);

/** A person kept in step with a directory record (or a SCIM user). */
export const directoryLinks = pgTable(
  'directory_links',
  {
    entityId: uuid('entity_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    externalId: text('external_id').notNull(),
    personId: uuid('person_id').notNull(),
    /** The directory record's hash when the person was last written from it: an unchanged record is not written again. */
    sourceHash: text('source_hash').notNull(),
    /** The run archived the person because the record left the directory (a record coming back restores them). */
    archivedBySync: boolean('archived_by_sync').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.integrationId, t.externalId] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    uniqueIndex('directory_links_person_key').on(t.entityId, t.integrationId, t.personId),
    index('directory_links_person_idx').on(t.entityId, t.personId),
  ],
);

/** Google's consent, between Google's answer and the admin's create or re-authenticate (never in an address). */
export const integrationAuthorizations = pgTable(
  'integration_authorizations',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    /** The OAuth state's SHA-256 (hex). */
    stateHash: text('state_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The integration being re-authenticated, else null (a new one). */
    integrationId: uuid('integration_id'),
    requestedByPersonId: uuid('requested_by_person_id'),
    /** Sealed tokens once Google answered. */
    secrets: text('secrets'),
    account: text('account'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    // The consent's callback comes back to the company's own session: looked up within it.
    uniqueIndex('integration_authorizations_state_key').on(t.entityId, t.stateHash),
  ],
);

/** Wonde: which of the directory's attendance codes each of the company's reasons is written back as. */
export const integrationAttendanceCodes = pgTable(
  'integration_attendance_codes',
  {
    entityId: uuid('entity_id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    reasonId: uuid('reason_id').notNull(),
    codeId: text('code_id').notNull(),
    codeLabel: text('code_label').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.integrationId, t.reasonId] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.entityId, t.reasonId],
      foreignColumns: [attendanceReasons.entityId, attendanceReasons.id],
    }).onDelete('cascade'),
  ],
);

/** A sign-in or sign-out to write back to the directory (spec: integration scans). */
export const integrationScans = pgTable(
  'integration_scans',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    visitId: uuid('visit_id').notNull(),
    personId: uuid('person_id').notNull(),
    externalId: text('external_id').notNull(),
    /** sign_in or sign_out. */
    kind: text('kind').notNull(),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    reasonId: uuid('reason_id'),
    /** The directory's attendance code sent (Wonde), chosen by the reason's mapping or edited. */
    codeId: text('code_id'),
    codeLabel: text('code_label'),
    /** pending, sent, failed, ignored. */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    uniqueIndex('integration_scans_visit_key').on(t.entityId, t.integrationId, t.visitId, t.kind),
    index('integration_scans_list_idx').on(t.entityId, t.integrationId, t.happenedAt.desc(), t.id),
    index('integration_scans_status_idx').on(t.entityId, t.integrationId, t.status, t.happenedAt),
  ],
);

/** A SCIM group (RFC 7643 §4.2), optionally standing for one of the company's user types. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    userTypeId: uuid('user_type_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.userTypeId], foreignColumns: [userTypes.entityId, userTypes.id] }).onDelete(
      'set null',
    ),
    index('scim_groups_integration_idx').on(t.entityId, t.integrationId, t.displayName, t.id),
  ],
);

/** A SCIM user (RFC 7643 §4.1): the resource as the identity provider last wrote it; the person is its `id`. */
export const scimUsers = pgTable(
  'scim_users',
  {
    entityId: uuid('entity_id').notNull(),
    /** The person's id. */
    id: uuid('id').notNull(),
    integrationId: uuid('integration_id').notNull(),
    userName: text('user_name').notNull(),
    userNameLower: text('user_name_lower').generatedAlwaysAs(sql`lower("user_name")`),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    /** The resource's other attributes as written (name, emails, phoneNumbers, enterprise extension, …). */
    resource: jsonb('resource').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.integrationId],
      foreignColumns: [integrations.entityId, integrations.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.id], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    uniqueIndex('scim_users_user_name_key').on(t.entityId, t.integrationId, t.userNameLower),
    index('scim_users_external_idx').on(t.entityId, t.integrationId, t.externalId),
    index('scim_users_list_idx').on(t.entityId, t.integrationId, t.createdAt, t.id),
  ],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    entityId: uuid('entity_id').notNull(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.groupId, t.userId] }),
    foreignKey({ columns: [t.entityId, t.groupId], foreignColumns: [scimGroups.entityId, scimGroups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.entityId, t.userId], foreignColumns: [scimUsers.entityId, scimUsers.id] }).onDelete(
      'cascade',
    ),
    index('scim_group_members_user_idx').on(t.entityId, t.userId),
  ],
);
