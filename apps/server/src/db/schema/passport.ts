import { sql } from 'drizzle-orm';
import { entities, users } from './global';
import {
  boolean,
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

// The passport (decision 047): global tables, a passport belongs to no company. Every query is by the
// signed-in account's id or by a hashed token; row-level security does not guard them.

export const passportAccounts = pgTable(
  'passport_accounts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** A file key in the file store (the spec's photo rules), and a counter so a new photo is fetched. */
    photo: text('photo'),
    photoVersion: integer('photo_version').notNull().default(0),
    lang: text('lang').notNull().default('en'),
    status: text('status').notNull().default('active'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    otpSecret: text('otp_secret'),
    otpPendingSecret: text('otp_pending_secret'),
    otpLastStep: integer('otp_last_step'),
    otpRecoveryCodes: jsonb('otp_recovery_codes').$type<string[]>().notNull().default([]),
    otpEnabledAt: timestamp('otp_enabled_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('passport_accounts_email_key').on(sql`lower(${t.email})`)],
);

/** Single-use links mailed by the passport: `verify` an address, `reset` a password. Only hashes are kept. */
export const passportEmailTokens = pgTable(
  'passport_email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => passportAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('passport_email_tokens_account_idx').on(t.accountId)],
);

/** The passport's own browser sessions (sha256 of the cookie), which the person sees and ends. */
export const passportSessions = pgTable(
  'passport_sessions',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => passportAccounts.id, { onDelete: 'cascade' }),
    /** The password was right; the session is good for nothing but the two-step code. */
    otpPending: boolean('otp_pending').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passport_sessions_account_idx').on(t.accountId)],
);

/** oidc-provider's storage: one table for every model it keeps (sessions, grants, codes, tokens...). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** The passport's signing keys (ES256). The private key is encrypted with SECRETS_KEY. */
export const oidcKeys = pgTable('oidc_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwkEncrypted: text('private_jwk_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** No longer used to sign; still published until every token it signed has expired. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** Each QR identity is taken once: its `jti` is kept until the token expires. */
export const passportQrUses = pgTable('passport_qr_uses', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One-time codes the dashboard exchanges for a session: made by its callback after an OpenID Connect
 * sign-in (`/sso/...`) or by the passport's "open the dashboard" (`/login-one-time`). Hashes only.
 */
export const passportOneTimeCodes = pgTable('passport_one_time_codes', {
  codeHash: text('code_hash').primaryKey(),
  /** The passport signed in; or, for a company's own identity provider, the dashboard login (`userId`). */
  accountId: uuid('account_id').references(() => passportAccounts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** The company to open (the subdomain the sign-in started from); a global table, so not `entity_id`. */
  openEntityId: uuid('open_entity_id'),
  /** Two-step was done at the passport for this sign-in. */
  otpDone: boolean('otp_done').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A dashboard sign-in in flight, through the passport or a company's own identity provider (`provider`
 * passport | company): the PKCE verifier, state and nonce.
 */
export const passportSignInRequests = pgTable('passport_sign_in_requests', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull().default('passport'),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  subdomain: text('subdomain'),
  forceOtp: boolean('force_otp').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A company's own OpenID Connect provider for its staff's dashboard sign-in (decision 047): people are
 * matched by verified email. The client secret is sealed with SECRETS_KEY.
 */
export const entityIdentityProviders = pgTable('entity_identity_providers', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
