import { getTableColumns, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Global tables: no entity. People's login identities, sessions, companies themselves, mail outbox.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    image: text('image'),
    lang: text('lang').notNull().default('en'),
    passportId: text('passport_id'),
    isSupport: boolean('is_support').notNull().default(false),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    otpSecret: text('otp_secret'),
    otpPendingSecret: text('otp_pending_secret'),
    /** Last TOTP time step accepted, so a code cannot be replayed. */
    otpLastStep: integer('otp_last_step'),
    otpRecoveryCodes: jsonb('otp_recovery_codes').$type<string[]>().notNull().default([]),
    layout: jsonb('layout').$type<Record<string, unknown>>().notNull().default({}),
    lastEntityId: uuid('last_entity_id'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_passport_idx').on(t.passportId)],
);

export const entities = pgTable(
  'entities',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    subdomain: text('subdomain'),
    logo: text('logo'),
    package: text('package').notNull().default('Cloud'),
    plan: smallint('plan').notNull().default(3),
    subscription: text('subscription').notNull().default('cloud'),
    ownerId: uuid('owner_id'),
    clientTokenHash: text('client_token_hash'),
    clientTokenHint: text('client_token_hint'),
    clientTokenCreatedAt: timestamp('client_token_created_at', { withTimezone: true }),
    twoStepEnabled: boolean('two_step_enabled').notNull().default(false),
    otpRoles: jsonb('otp_roles').$type<string[]>().notNull().default([]),
    timezone: text('timezone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entities_subdomain_key').on(sql`lower(${t.subdomain})`),
    uniqueIndex('entities_client_token_key').on(t.clientTokenHash),
  ],
);

/**
 * A company's columns as a company's transaction may read them: all but the API token's hash
 * (decision 019). Select these, not the whole table.
 */
export const { clientTokenHash: _clientTokenHash, ...entityColumns } = getTableColumns(entities);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256 of the cookie value
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id').references(() => entities.id, { onDelete: 'set null' }),
    otpPending: boolean('otp_pending').notNull().default(false),
    /** Opened through the passport with its two-step done: it counts for a company's two-step policy. */
    passportTwoStep: boolean('passport_two_step').notNull().default(false),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash)],
);

/** Fixed-window counters for throttling sign-in and two-step codes, shared by every app node. */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_to_idx').on(t.to)],
);

/**
 * Browsers a person has signed in from (or unlocked by an emailed link). A known browser is counted
 * on its own when sign-in fails, so someone guessing at an account cannot lock its owner out
 * (decision 016). Only the sha256 of the cookie value is kept.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Null while an unlock link waits to be opened; set when the device is trusted. */
    trustedAt: timestamp('trusted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('login_devices_token_key').on(t.tokenHash), index('login_devices_user_idx').on(t.userId)],
);
