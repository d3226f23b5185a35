import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entities, users } from './global';
import { sites } from './sites';
import { memberships, roles } from './tenant';
import { userTypes } from './user-types';

// The company's people (the spec's "users"): staff, visitors, contractors. Most never sign in to the
// dashboard; those who do are linked to a membership (their dashboard access and role).

export const departments = pgTable(
  'departments',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('departments_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
  ],
);

export const people = pgTable(
  'people',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    /** Country calling code, digits only (e.g. 971). */
    phoneCode: text('phone_code'),
    /** National number, digits only. */
    phone: text('phone'),
    idNumber: text('id_number'),
    /** The organisation a visitor or contractor comes from (a user type can make it mandatory). */
    companyName: text('company_name'),
    roleId: uuid('role_id').notNull(),
    departmentId: uuid('department_id'),
    /** active or archived. */
    status: text('status').notNull().default('active'),
    /** File-store key of the profile photo. */
    image: text('image'),
    rfid: text('rfid'),
    /** The code in the person's QR (QuickPass, passport sign-in): unguessable and stable. */
    qrCode: text('qr_code').notNull(),
    /** People the company cannot do without (its owner): never archived, no QuickPass. */
    isDefault: boolean('is_default').notNull().default(false),
    /** Dashboard access: none, invited, active or revoked. */
    dashboardAccess: text('dashboard_access').notNull().default('none'),
    membershipId: uuid('membership_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The latest of their visits the retention anonymised (decision 033): they visited then, though the
     * visit no longer names them, so their own data is kept as long as that visit says.
     */
    retainedVisitAt: timestamp('retained_visit_at', { withTimezone: true }),
    // Generated columns (decision 022): under row-level security a condition that calls a function
    // (lower, coalesce, ilike) is checked after the policy and cannot use an index, so what lists
    // filter, sort and look up by is kept in plain columns.
    /** Unique per company, compared as plain columns. */
    emailLower: text('email_lower').generatedAlwaysAs(sql`lower("email")`),
    idNumberLower: text('id_number_lower').generatedAlwaysAs(sql`lower("id_number")`),
    /** The email sort: people without an email after the others (before them in descending order). */
    emailMissing: boolean('email_missing').generatedAlwaysAs(sql`"email" is null`),
    emailKey: text('email_key').generatedAlwaysAs(sql`coalesce("email", '')`),
    /**
     * What a search looks in, lower-cased, for the trigram indexes (migration 0020): the name and
     * company; and with the email, id number, card and phone digits, for those who may read contacts.
     */
    searchName: text('search_name').generatedAlwaysAs(
      sql`lower("first_name" || ' ' || "last_name" || ' ' || coalesce("company_name", ''))`,
    ),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("first_name" || ' ' || "last_name" || ' ' || coalesce("company_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("id_number", '') || ' ' || coalesce("rfid", '')) || ' ' || coalesce("phone_code", '') || coalesce("phone", '')`,
    ),
    // What the duplicate scan matches on (decision 032, migration 0036): the ways one person's details
    // come to differ from a copy of them.
    /** The email without case, a `+tag`, or the dots of a Gmail address. */
    emailMatch: text('email_match').generatedAlwaysAs(
      sql`case when "email" is null then null when split_part(lower("email"), '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(lower("email"), '@', 1), '+', 1), '.', '') || '@gmail.com' else split_part(split_part(lower("email"), '@', 1), '+', 1) || '@' || split_part(lower("email"), '@', 2) end`,
    ),
    /** The phone's last nine digits (with or without its country code, a leading zero), from seven. */
    phoneMatch: text('phone_match').generatedAlwaysAs(
      sql`case when length(ltrim("phone", '0')) >= 7 then right(ltrim("phone", '0'), 9) end`,
    ),
    /** The id number's letters and digits, from four. */
    idNumberMatch: text('id_number_match').generatedAlwaysAs(
      sql`case when length(regexp_replace(lower("id_number"), '[^[:alnum:]]', '', 'g')) >= 4 then regexp_replace(lower("id_number"), '[^[:alnum:]]', '', 'g') end`,
    ),
    /** The full name, lower-cased, spaces collapsed. */
    nameKey: text('name_key').generatedAlwaysAs(
      sql`btrim(regexp_replace(lower("first_name" || ' ' || "last_name"), '[[:space:]]+', ' ', 'g'))`,
    ),
    /** The company a person comes from, lower-cased, spaces collapsed; null when none. */
    companyKey: text('company_key').generatedAlwaysAs(
      sql`nullif(btrim(regexp_replace(lower(coalesce("company_name", '')), '[[:space:]]+', ' ', 'g')), '')`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.roleId], foreignColumns: [roles.entityId, roles.id] }),
    foreignKey({ columns: [t.entityId, t.departmentId], foreignColumns: [departments.entityId, departments.id] }),
    foreignKey({ columns: [t.entityId, t.membershipId], foreignColumns: [memberships.entityId, memberships.id] }),
    uniqueIndex('people_entity_email_key').on(t.entityId, t.emailLower),
    uniqueIndex('people_entity_phone_key').on(t.entityId, t.phoneCode, t.phone),
    uniqueIndex('people_entity_id_number_key').on(t.entityId, t.idNumberLower),
    uniqueIndex('people_entity_rfid_key').on(t.entityId, t.rfid),
    uniqueIndex('people_entity_membership_key').on(t.entityId, t.membershipId),
    // Unique across companies through capability_keys (decision 055); kiosks look it up within one.
    uniqueIndex('people_qr_code_key').on(t.entityId, t.qrCode),
    // One index per sort key of the people list, each ending with the id (keyset paging).
    index('people_entity_name_idx').on(t.entityId, t.lastName, t.firstName, t.id),
    index('people_entity_email_sort_idx').on(t.entityId, t.emailMissing, t.emailKey, t.id),
    index('people_entity_status_idx').on(t.entityId, t.status, t.id),
    index('people_entity_created_idx').on(t.entityId, t.createdAt, t.id),
    index('people_entity_role_idx').on(t.entityId, t.roleId, t.id),
    index('people_entity_email_match_idx').on(t.entityId, t.emailMatch),
    index('people_entity_phone_match_idx').on(t.entityId, t.phoneMatch),
    index('people_entity_id_number_match_idx').on(t.entityId, t.idNumberMatch),
    // A directory's records are checked against the company's people by full name (a possible duplicate).
    index('people_entity_name_key_idx').on(t.entityId, t.nameKey),
    // Across companies, on the owner's connection: a passport finds its holder's people by verified
    // address (visits, sign-in on site), a login its people (invitations, two-step notices).
    index('people_email_lower_idx').on(t.emailLower),
    index('people_user_idx').on(t.userId),
  ],
);

export const personSites = pgTable(
  'person_sites',
  {
    entityId: uuid('entity_id').notNull(),
    personId: uuid('person_id').notNull(),
    siteId: uuid('site_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personId, t.siteId] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.siteId], foreignColumns: [sites.entityId, sites.id] }).onDelete('cascade'),
    index('person_sites_site_idx').on(t.entityId, t.siteId),
  ],
);

export const personUserTypes = pgTable(
  'person_user_types',
  {
    entityId: uuid('entity_id').notNull(),
    personId: uuid('person_id').notNull(),
    userTypeId: uuid('user_type_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personId, t.userTypeId] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    // No cascade: a user type in use cannot be deleted.
    foreignKey({ columns: [t.entityId, t.userTypeId], foreignColumns: [userTypes.entityId, userTypes.id] }),
    index('person_user_types_type_idx').on(t.entityId, t.userTypeId),
  ],
);

/** The people who may host visitors of a user type (spec §3 User type: hosts). */
export const userTypeHosts = pgTable(
  'user_type_hosts',
  {
    entityId: uuid('entity_id').notNull(),
    userTypeId: uuid('user_type_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.userTypeId, t.personId] }),
    foreignKey({ columns: [t.entityId, t.userTypeId], foreignColumns: [userTypes.entityId, userTypes.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
  ],
);

export const labels = pgTable(
  'labels',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull().default('blue'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    uniqueIndex('labels_entity_name_key').on(t.entityId, sql`lower(${t.name})`),
  ],
);

export const personLabels = pgTable(
  'person_labels',
  {
    entityId: uuid('entity_id').notNull(),
    personId: uuid('person_id').notNull(),
    labelId: uuid('label_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.personId, t.labelId] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.entityId, t.labelId], foreignColumns: [labels.entityId, labels.id] }).onDelete('cascade'),
    index('person_labels_label_idx').on(t.entityId, t.labelId),
  ],
);

/** A QuickPass printed for a person: who printed it and when (the QR is the person's qr_code). */
export const quickPasses = pgTable(
  'quick_passes',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    printedBy: uuid('printed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
  ],
);

/** RFID enrolment links sent to a person: /rfid/:code lets them enrol their card at a kiosk. */
export const rfidEnrolments = pgTable(
  'rfid_enrolments',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    personId: uuid('person_id').notNull(),
    kioskId: uuid('kiosk_id').notNull(),
    /** sha256 of the code in the link. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({ columns: [t.entityId, t.personId], foreignColumns: [people.entityId, people.id] }).onDelete('cascade'),
    // The link knows no company: found through capability_keys (decision 055).
    uniqueIndex('rfid_enrolments_code_key').on(t.entityId, t.codeHash),
  ],
);

/** Each admin's saved grid state per page (spec §3 Table preference). */
export const tablePreferences = pgTable(
  'table_preferences',
  {
    entityId: uuid('entity_id').notNull(),
    id: uuid('id').notNull(),
    membershipId: uuid('membership_id').notNull(),
    pageUrl: text('page_url').notNull(),
    /** Column visibility, order and widths. */
    tableHead: jsonb('table_head').$type<Record<string, unknown>>().notNull().default({}),
    /** Filters, sorting and page size. */
    url: jsonb('url').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.id] }),
    foreignKey({
      columns: [t.entityId, t.membershipId],
      foreignColumns: [memberships.entityId, memberships.id],
    }).onDelete('cascade'),
    uniqueIndex('table_preferences_member_page_key').on(t.entityId, t.membershipId, t.pageUrl),
  ],
);
