// Row-level security, proved under the role requests run as (decisions 002 and 019): every table of the
// schema, read by app_user with company A set, with nothing set and with an empty setting. Tenant
// tables show A's rows and never another company's; global tables are closed, or show only what A's
// work needs (its own entity row, its own members' logins); no secret column is readable at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, withTenant, type Executor } from '../src/db/client';
import { auditLog, memberships, rolePermissions } from '../src/db/schema/index';
import { newId } from '../src/lib/ids';
import { reportFigure } from './helpers/figures';
import { fullWorld, type FullWorld } from './helpers/full-world';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let a: FullWorld;
let b: FullWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  a = await fullWorld(ctx.app, ctx.db.db);
  b = await fullWorld(ctx.app, ctx.db.db);
}, 120_000);
afterAll(() => ctx.close());

type Setting = 'company' | 'unset' | 'empty';
const SETTINGS: Setting[] = ['company', 'unset', 'empty'];

/**
 * What app_user may do with each global table (no entity_id), and with sessions and capability_keys
 * (which carry a company but are the platform's). A new global table must be listed here.
 */
const GLOBAL_ACCESS: Record<string, 'closed' | 'own entity' | 'own members'> = {
  entities: 'own entity',
  users: 'own members',
  sessions: 'closed',
  password_resets: 'closed',
  throttles: 'closed',
  outbox_emails: 'closed',
  kiosk_pairings: 'closed',
  login_devices: 'closed',
  // The passport's (decision 047): a person's own account, never a company's to read.
  passport_accounts: 'closed',
  passport_email_tokens: 'closed',
  passport_sessions: 'closed',
  passport_one_time_codes: 'closed',
  passport_sign_in_requests: 'closed',
  passport_qr_uses: 'closed',
  oidc_payloads: 'closed',
  oidc_keys: 'closed',
  // Which company holds a link token, a QR code, a kiosk's token (decision 055): found on the owner's
  // connection before the company's transaction opens, written by triggers as the owner.
  capability_keys: 'closed',
  // The job runner's nodes and runs (decision 059).
  job_nodes: 'closed',
  job_runs: 'closed',
};

/** Columns holding a credential, a token or a mail body: never readable by app_user, whatever the table. */
const SECRET_COLUMNS: Record<string, string[]> = {
  users: ['password_hash', 'otp_secret', 'otp_pending_secret', 'otp_recovery_codes'],
  entities: ['client_token_hash'],
  sessions: ['id', 'csrf_token'],
  password_resets: ['token_hash'],
  login_devices: ['token_hash'],
  kiosk_pairings: ['secret_hash', 'pending_device_token', 'code'],
  outbox_emails: ['text', 'html'],
  throttles: ['key'],
  passport_accounts: ['password_hash', 'otp_secret', 'otp_pending_secret', 'otp_recovery_codes'],
  passport_email_tokens: ['token_hash'],
  passport_sessions: ['id'],
  passport_one_time_codes: ['code_hash'],
  passport_sign_in_requests: ['state_hash', 'code_verifier', 'nonce'],
  passport_qr_uses: ['jti'],
  oidc_payloads: ['payload'],
  oidc_keys: ['private_jwk_encrypted'],
  capability_keys: ['value'],
};

/**
 * Credentials a company holds for itself, readable in its own transaction only (row-level security):
 * the company's kiosks' token hashes, its people's and user types' QR codes, its visitors' link tokens
 * and codes, its pending RFID enrolments' code hashes, its exports' download link hashes.
 */
const OWN_COMPANY_SECRETS = new Set([
  'kiosks.device_token_hash',
  'people.qr_code',
  'user_types.qr_code',
  'visits.link_token',
  'visits.link_code',
  'rfid_enrolments.code_hash',
  'report_exports.link_token_hash',
  'emergency_roll.safe_token_hash',
  'integrations.secrets',
  'integrations.scim_token_hash',
  'integration_authorizations.state_hash',
  'integration_authorizations.secrets',
  'entity_identity_providers.client_secret_sealed',
  // A webhook endpoint's signing secrets, sealed with the installation's key (decision 052).
  'webhook_endpoints.secret',
  'webhook_endpoints.previous_secret',
]);
const LOOKS_SECRET = /hash|secret|token|password|csrf|otp_recovery|qr_code|link_code/;
/** Named like a secret, and not one: when a password changed, and what a token's last characters are. */
const NOT_SECRETS = new Set([
  'users.password_changed_at',
  'entities.client_token_hint',
  'entities.client_token_created_at',
  'passport_accounts.password_changed_at',
  'webhook_endpoints.previous_secret_until',
  'integrations.token_refreshed_at',
  'integration_temp_users.source_hash',
  'directory_links.source_hash',
]);

/** One statement as app_user in its own transaction; a refusal comes back as 'denied'. */
async function asAppUser<T>(
  entityId: string | null,
  setting: Setting,
  query: (tx: Executor) => Promise<T>,
): Promise<T | 'denied'> {
  try {
    return await ctx.db.db.transaction(async (tx) => {
      if (setting === 'company') await tx.execute(sql`select set_config('app.entity_id', ${entityId}, true)`);
      if (setting === 'empty') await tx.execute(sql`select set_config('app.entity_id', '', true)`);
      await tx.execute(sql`set local role app_user`);
      return await query(tx);
    });
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '42501') return 'denied';
    throw error;
  }
}

async function tablesOf(): Promise<{ name: string; tenant: boolean }[]> {
  const res = await ctx.db.query(`
    select c.relname as name,
      exists (select 1 from pg_attribute at where at.attrelid = c.oid and at.attname = 'entity_id' and not at.attisdropped) as tenant
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by c.relname`);
  return res.rows as { name: string; tenant: boolean }[];
}

const quote = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

describe('row-level security under the app role', () => {
  it('shows every tenant table’s own rows and no other company’s, with the company set, unset or empty', async () => {
    const tables = await tablesOf();
    const tenant = tables.filter((t) => t.tenant && !(t.name in GLOBAL_ACCESS));
    expect(tenant.length).toBeGreaterThan(40);
    const problems: string[] = [];
    let checks = 0;
    let withOwnRows = 0;
    for (const { name } of tenant) {
      for (const setting of SETTINGS) {
        const seen = await asAppUser(a.entity.id, setting, async (tx) => {
          const res = await tx.execute(sql`
            select count(*)::int as n, count(*) filter (where entity_id is distinct from ${a.entity.id}::uuid)::int as foreign
            from ${quote(name)}`);
          return rowsOf<{ n: number; foreign: number }>(res)[0]!;
        });
        checks++;
        if (seen === 'denied') problems.push(`${name} (${setting}): app_user may not read it`);
        else if (setting !== 'company' && seen.n !== 0) problems.push(`${name} (${setting}): ${seen.n} rows visible`);
        else if (seen.foreign !== 0) problems.push(`${name} (${setting}): ${seen.foreign} rows of other companies`);
        else if (setting === 'company' && seen.n > 0) withOwnRows++;
      }
    }
    expect(problems).toEqual([]);
    // The proof is only as good as the data: A holds rows in nearly every tenant table.
    expect(withOwnRows).toBeGreaterThan(tenant.length * 0.8);
    figures.tenant = `${tenant.length} tenant tables × ${SETTINGS.length} settings (${checks} reads, A's own rows seen in ${withOwnRows}): 0 foreign rows`;
  });

  it('closes the global tables, but for A’s own entity row and its own members’ logins', async () => {
    const tables = await tablesOf();
    const global = tables.filter((t) => !t.tenant || t.name in GLOBAL_ACCESS).map((t) => t.name);
    // A global table nobody classified fails here: decide what app_user may see of it first.
    expect(global.sort()).toEqual(Object.keys(GLOBAL_ACCESS).sort());
    const memberIds = new Set(
      (
        await ctx.db.db
          .select({ id: memberships.userId })
          .from(memberships)
          .where(eq(memberships.entityId, a.entity.id))
      ).map((m) => m.id),
    );
    for (const table of global) {
      for (const setting of SETTINGS) {
        const closed = GLOBAL_ACCESS[table] === 'closed';
        const seen = await asAppUser(a.entity.id, setting, async (tx) =>
          rowsOf<{ id: string }>(
            await tx.execute(
              closed ? sql`select 1 as id from ${quote(table)}` : sql`select id::text as id from ${quote(table)}`,
            ),
          ).map((r) => r.id),
        );
        const label = `${table} (${setting})`;
        if (closed) expect(seen, label).toBe('denied');
        else if (setting !== 'company') expect(seen, label).toEqual([]);
        else if (GLOBAL_ACCESS[table] === 'own entity') expect(seen, label).toEqual([a.entity.id]);
        else {
          expect(seen, label).not.toBe('denied');
          const ids = seen as string[];
          expect(ids.length, label).toBe(memberIds.size);
          expect(
            ids.every((id) => memberIds.has(id)),
            label,
          ).toBe(true);
        }
      }
    }
    figures.global = `${global.length} global tables: ${global.filter((t) => GLOBAL_ACCESS[t] === 'closed').length} closed, entities and users limited to A's own`;
  });

  it('lets app_user read no secret column, in any table, and A’s own credentials only in A', async () => {
    const res = await ctx.db.query(`
      select c.relname as table, a.attname as column,
        has_column_privilege('app_user', c.oid, a.attname, 'SELECT') as readable
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const columns = res.rows as { table: string; column: string; readable: boolean }[];
    const declared = Object.entries(SECRET_COLUMNS).flatMap(([t, cols]) => cols.map((c) => `${t}.${c}`));
    const readableSecrets = columns
      .filter((c) => declared.includes(`${c.table}.${c.column}`) && c.readable)
      .map((c) => `${c.table}.${c.column}`);
    expect(readableSecrets).toEqual([]);
    // Every column named like a secret is either declared unreadable or a company's own, listed above.
    const unclassified = columns
      .filter((c) => LOOKS_SECRET.test(c.column))
      .map((c) => `${c.table}.${c.column}`)
      .filter((c) => !declared.includes(c) && !OWN_COMPANY_SECRETS.has(c) && !NOT_SECRETS.has(c));
    expect(unclassified).toEqual([]);
    // Reading one anyway is refused by the database, not filtered by the app.
    for (const [table, cols] of Object.entries(SECRET_COLUMNS)) {
      for (const column of cols) {
        const seen = await asAppUser(a.entity.id, 'company', (tx) =>
          tx.execute(sql`select ${quote(column)} from ${quote(table)} limit 1`),
        );
        expect(seen, `${table}.${column}`).toBe('denied');
      }
    }
    // A company's own credentials: B's are not among what A's transaction reads.
    for (const own of OWN_COMPANY_SECRETS) {
      const [table, column] = own.split('.') as [string, string];
      const seen = await asAppUser(
        a.entity.id,
        'company',
        async (tx) =>
          rowsOf<{ n: number }>(
            await tx.execute(
              sql`select count(*)::int as n from ${quote(table)} where entity_id = ${b.entity.id}::uuid and ${quote(column)} is not null`,
            ),
          )[0]!.n,
      );
      expect(seen, own).toBe(0);
    }
    figures.secrets = `${declared.length} secret columns unreadable, ${OWN_COMPANY_SECRETS.size} company credentials readable in their own company only`;
  });

  it('binds the functions a company’s transaction may call to that company', async () => {
    const bAdmin = b.people.admin;
    for (const setting of ['unset', 'empty'] as const) {
      const logins = await asAppUser(a.entity.id, setting, async (tx) =>
        rowsOf(await tx.execute(sql`select * from app_logins_by_email(array[${bAdmin.email}]::text[])`)),
      );
      expect(logins, setting).toEqual([]);
    }
    // Ending sessions and issuing links reach only A's own members.
    const ended = await asAppUser(a.entity.id, 'company', async (tx) =>
      rowsOf(await tx.execute(sql`select * from app_end_member_sessions(array[${bAdmin.id}]::uuid[])`)),
    );
    expect(ended).toEqual([]);
    const issued = await asAppUser(
      a.entity.id,
      'company',
      async (tx) =>
        rowsOf<{ n: number }>(
          await tx.execute(
            sql`select app_issue_password_links(${JSON.stringify([
              {
                id: newId(),
                user_id: bAdmin.id,
                token_hash: 'x'.repeat(64),
                expires_at: new Date(Date.now() + 60_000),
              },
            ])}::jsonb) as n`,
          ),
        )[0]!.n,
    );
    expect(issued).toBe(0);
  });

  it('refuses to write a row into another company and to change another company’s rows', async () => {
    await expect(
      withTenant(ctx.db.db, a.entity.id, (tx) =>
        tx.insert(auditLog).values({ entityId: b.entity.id, id: newId(), action: 'x', targetType: 'y' }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.update(memberships).set({ status: 'archived' }).where(eq(memberships.entityId, b.entity.id)).returning(),
    );
    expect(updated).toHaveLength(0);
    const deleted = await withTenant(ctx.db.db, a.entity.id, (tx) =>
      tx.delete(rolePermissions).where(eq(rolePermissions.entityId, b.entity.id)).returning(),
    );
    expect(deleted).toHaveLength(0);
  });

  it('guards every table with an entity_id by a policy', async () => {
    const rows = (
      await ctx.db.query(`
        select c.relname as name, c.relrowsecurity as enabled,
          exists (select 1 from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policy
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and exists (select 1 from pg_attribute at where at.attrelid = c.oid and at.attname = 'entity_id')`)
    ).rows as { name: string; enabled: boolean; policy: boolean }[];
    expect(rows.map((r) => r.name)).toContain('sessions');
    expect(rows.filter((r) => !r.enabled || !r.policy).map((r) => r.name)).toEqual([]);
  });
});

const figures: { tenant?: string; global?: string; secrets?: string } = {};
afterAll(() => reportFigure('rls proof', [figures.tenant, figures.global, figures.secrets].filter(Boolean).join('; ')));
