// How the schema would be spread over a Citus cluster (decision 055, docs/scale-out.md), read from the
// live catalogue: every table with entity_id is a tenant table, distributed by it and co-located with
// the others; the rest are listed below, each with where it goes and why. `distributionProblems` names
// what Citus would refuse (a key without entity_id, a foreign key that crosses companies or placements),
// and `citusPlan` writes the statements that distribute a migrated database.

export type Placement =
  /** One copy on every node: small, read with the tenant tables, written rarely. */
  | { citus: 'reference'; reason: string }
  /** Stays on the coordinator (a Citus local table): the platform's own, never joined with a company's rows. */
  | { citus: 'local'; reason: string }
  /** Distributed by a key of its own, in a co-location group of its own. */
  | { citus: 'distributed'; by: string; reason: string };

const PASSPORT =
  "The passport's own (decision 047): a person's account across companies, used by the passport service alone.";

/**
 * Every table that is not distributed by company, whether or not it has entity_id. A new table without
 * entity_id fails the schema test until it is listed here.
 */
export const GLOBAL_TABLES: Record<string, Placement> = {
  entities: {
    citus: 'reference',
    reason:
      'The companies themselves, one small row each, read on every request: every tenant table references it, and a distributed table may reference only a reference table or a co-located one. Distributed by id it would need its subdomain and API-token keys (looked up before the company is known) moved to capability keys, and the global tables that reference it could not.',
  },
  users: {
    citus: 'reference',
    reason:
      'Logins, which belong to no company (a person may be a member of several): memberships, people and other tenant tables reference them; unique by email across the platform.',
  },
  sessions: {
    citus: 'local',
    reason:
      'A browser session exists before its company is chosen (entity_id is null until then, and changes when the person switches): global by nature, keyed by the cookie hash and read by every request through the coordinator. Its entity_id only says which company it acts in (guarded by the tenant policy, and closed to app_user).',
  },
  password_resets: { citus: 'local', reason: 'Set-password links of logins: the platform’s, keyed by token hash.' },
  throttles: {
    citus: 'local',
    reason: 'Sign-in and two-step counters keyed by address or login, shared by every node.',
  },
  outbox_emails: { citus: 'local', reason: 'Mail waiting to be sent: no company, read by the mail job.' },
  kiosk_pairings: {
    citus: 'local',
    reason: 'A tablet waiting to be paired belongs to no company until an admin claims its code.',
  },
  login_devices: {
    citus: 'local',
    reason: 'Browsers a login has signed in from (decision 016): per login, not per company.',
  },
  passport_accounts: { citus: 'local', reason: PASSPORT },
  passport_email_tokens: { citus: 'local', reason: PASSPORT },
  passport_sessions: { citus: 'local', reason: PASSPORT },
  passport_one_time_codes: { citus: 'local', reason: PASSPORT },
  passport_sign_in_requests: { citus: 'local', reason: PASSPORT },
  passport_qr_uses: { citus: 'local', reason: PASSPORT },
  oidc_payloads: { citus: 'local', reason: PASSPORT },
  oidc_keys: { citus: 'local', reason: PASSPORT },
  job_nodes: {
    citus: 'local',
    reason: 'The nodes whose job runner is on, beating (decision 059): beside pg-boss on the coordinator.',
  },
  job_runs: {
    citus: 'local',
    reason: 'Which node runs each pg-boss job now (decision 059): beside pg-boss on the coordinator.',
  },
  capability_keys: {
    citus: 'distributed',
    by: 'value',
    reason:
      'Values that arrive without their company (decision 055), unique across companies and looked up by value: distributed by the value, so a look-up or a uniqueness check is one shard. As a reference table every QR code and link token written would be copied to every node.',
  },
};

/** What a trigger's function does under Citus, where a trigger runs on the node holding the row's shard. */
export type TriggerKind =
  /** Reads or writes only the same company's rows (co-located shards) or reference tables. */
  | 'shard-local'
  /** Raises NOTIFY: on the node holding the row, and no prepared (two-phase) transaction may have done so. */
  | 'notify'
  /** Writes a table that is not co-located with the row (another node, or every node). */
  | 'cross-node';

/** Every function a trigger of the schema calls, by name. A new one fails the schema test until listed. */
export const TRIGGER_FUNCTIONS: Record<string, { kind: TriggerKind; what: string }> = {
  app_notice_company: { kind: 'notify', what: 'a company deleted: access_changed e:<company> (migration 0018)' },
  app_notice_entity: {
    kind: 'notify',
    what: "a company's roles, permissions, members or user types changed: access_changed",
  },
  app_notice_user: { kind: 'notify', what: 'a membership changed: access_changed u:<login>' },
  app_notice_member_scope: { kind: 'notify', what: "a member's sites or user types changed: access_changed" },
  app_notice_session: { kind: 'notify', what: 'a session ended: access_changed s:<session>' },
  app_notice_login: { kind: 'notify', what: 'a login changed: access_changed u:<login>' },
  app_webhook_queued: { kind: 'notify', what: 'a webhook delivery queued: webhook_deliveries (decision 052)' },
  visits_live_notice: { kind: 'notify', what: 'a visit changed: visits_changed (migration 0059, decision 056)' },
  app_face_photo_changed: { kind: 'shard-local', what: "a person's photo changed: their face descriptors go" },
  visit_stats_person_gone: { kind: 'shard-local', what: 'a person deleted: their visit-summary rows go' },
  visit_stats_on_change: { kind: 'shard-local', what: "a visit written: the company's visit summary (decision 038)" },
  emergency_roll_signed_out: { kind: 'shard-local', what: 'a visit signed out during an emergency: its roll entry' },
  visit_stats_zone_changed: {
    kind: 'cross-node',
    what: "a company's time zone changed (on entities, a reference table): its visit summary rebuilt",
  },
  capability_keys_sync: { kind: 'cross-node', what: 'a capability value written: its row in capability_keys' },
};

export type SchemaShape = {
  tables: { name: string; hasEntityId: boolean }[];
  /** Primary keys, unique indexes and exclusion constraints, with their key columns (expressions as written). */
  uniqueKeys: { table: string; name: string; primary: boolean; columns: string[] }[];
  foreignKeys: {
    table: string;
    name: string;
    columns: string[];
    references: string;
    referencedColumns: string[];
    definition: string;
  }[];
  triggers: { table: string; name: string; fn: string; notifies: boolean }[];
};

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** The tables, keys, foreign keys and triggers of the `public` schema (pg-boss and drizzle keep theirs apart). */
export async function readSchemaShape(query: Query): Promise<SchemaShape> {
  // One after another: a single client (the plan script's) takes one query at a time.
  const tables = await query(`
      select c.relname::text as name,
        exists (select 1 from pg_attribute a
                 where a.attrelid = c.oid and a.attname = 'entity_id' and not a.attisdropped) as "hasEntityId"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       order by 1`);
  const uniqueKeys = await query(`
      select c.relname::text as table, i.relname::text as name, x.indisprimary as primary,
        array(select case when k.attnum = 0 then pg_get_indexdef(x.indexrelid, k.n::int, true) else a.attname::text end
                from unnest(x.indkey::int2[]) with ordinality as k(attnum, n)
                left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
               where k.n <= x.indnkeyatts
               order by k.n)::text[] as columns
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class c on c.oid = x.indrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and (x.indisunique or x.indisexclusion)
       order by 1, 2`);
  const foreignKeys = await query(`
      select c.relname::text as table, k.conname::text as name, r.relname::text as references,
        array(select a.attname::text from unnest(k.conkey) with ordinality as u(attnum, n)
                join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.n)::text[] as columns,
        array(select a.attname::text from unnest(k.confkey) with ordinality as u(attnum, n)
                join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.n)::text[]
          as "referencedColumns",
        pg_get_constraintdef(k.oid) as definition
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class r on r.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public'
       order by 1, 2`);
  const triggers = await query(`
      select c.relname::text as table, t.tgname::text as name, p.proname::text as fn,
        (p.prosrc ilike '%pg_notify%' or p.prosrc ~* '\\mnotify\\M') as notifies
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_proc p on p.oid = t.tgfoid
       where n.nspname = 'public' and not t.tgisinternal
       order by 1, 2`);
  return {
    tables: tables.rows as SchemaShape['tables'],
    uniqueKeys: uniqueKeys.rows as SchemaShape['uniqueKeys'],
    foreignKeys: foreignKeys.rows as SchemaShape['foreignKeys'],
    triggers: triggers.rows as SchemaShape['triggers'],
  };
}

/** Where a table goes: its listed placement, or distributed by entity_id when it has one. */
export function placementOf(shape: SchemaShape, table: string): Placement | { citus: 'tenant' } | null {
  const listed = GLOBAL_TABLES[table];
  if (listed) return listed;
  return shape.tables.find((t) => t.name === table)?.hasEntityId ? { citus: 'tenant' } : null;
}

/**
 * What Citus would refuse, one line each naming the table and the key: Citus can enforce a key only
 * within one shard, and a foreign key only between co-located shards or towards a reference table.
 */
export function distributionProblems(shape: SchemaShape): string[] {
  const problems: string[] = [];
  const names = new Set(shape.tables.map((t) => t.name));
  for (const t of shape.tables) {
    if (!t.hasEntityId && !GLOBAL_TABLES[t.name]) {
      problems.push(
        `${t.name}: no entity_id and not in GLOBAL_TABLES (say whether it is a reference or a local table)`,
      );
    }
  }
  for (const name of Object.keys(GLOBAL_TABLES)) {
    if (!names.has(name)) problems.push(`${name}: listed in GLOBAL_TABLES but not in the schema`);
  }

  for (const key of shape.uniqueKeys) {
    const placement = placementOf(shape, key.table);
    const kind = key.primary ? 'primary key' : 'unique key';
    if (placement?.citus === 'tenant' && !key.columns.includes('entity_id')) {
      problems.push(`${key.table}: ${kind} ${key.name} (${key.columns.join(', ')}) does not include entity_id`);
    }
    if (placement?.citus === 'distributed' && !key.columns.includes(placement.by)) {
      problems.push(`${key.table}: ${kind} ${key.name} (${key.columns.join(', ')}) does not include ${placement.by}`);
    }
  }

  for (const fk of shape.foreignKeys) {
    const from = placementOf(shape, fk.table)?.citus;
    const to = placementOf(shape, fk.references)?.citus;
    const label = `${fk.table}: foreign key ${fk.name} (${fk.columns.join(', ')}) → ${fk.references} (${fk.referencedColumns.join(', ')})`;
    if (from === 'tenant' && to === 'tenant') {
      const i = fk.columns.indexOf('entity_id');
      if (i < 0 || fk.referencedColumns[i] !== 'entity_id') {
        problems.push(`${label} is not composite with entity_id on both sides`);
      }
    } else if (to === 'tenant') {
      problems.push(`${label}: a ${from ?? 'unknown'} table may not reference a table distributed by company`);
    } else if (from === 'tenant' || from === 'reference' || from === 'distributed') {
      if (to !== 'reference')
        problems.push(`${label}: a ${from} table may reference only reference tables here, not a ${to} one`);
    } else if (from === 'local' && to === 'distributed') {
      problems.push(`${label}: a local table may not reference a distributed one`);
    }
  }

  for (const trigger of shape.triggers) {
    const known = TRIGGER_FUNCTIONS[trigger.fn];
    if (!known) {
      problems.push(`${trigger.table}: trigger ${trigger.name} calls ${trigger.fn}, not in TRIGGER_FUNCTIONS`);
    } else if (trigger.notifies && known.kind !== 'notify') {
      problems.push(
        `${trigger.table}: trigger ${trigger.name} calls ${trigger.fn}, which notifies but is listed as ${known.kind}`,
      );
    } else if (!trigger.notifies && known.kind === 'notify') {
      problems.push(`${trigger.table}: trigger ${trigger.name} calls ${trigger.fn}, listed as notify but it does not`);
    }
  }
  return problems;
}

/** The tenant table the co-location group of every tenant table is created with. */
const COLOCATION_ANCHOR = 'roles';

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const ident = (s: string) => (/^[a-z_][a-z0-9_]*$/.test(s) ? s : `"${s.replace(/"/g, '""')}"`);

/**
 * The statements that distribute a migrated database on a Citus coordinator, in order (see
 * docs/scale-out.md): foreign keys dropped, reference and local tables placed, tenant tables
 * distributed by entity_id in one co-location group, tables with keys of their own distributed by
 * them, foreign keys added back. Never run on a cluster here (Citus cannot be installed on these
 * machines): review it first.
 */
export function citusPlan(shape: SchemaShape): string {
  const out: string[] = [];
  const tenant = shape.tables.filter((t) => placementOf(shape, t.name)?.citus === 'tenant').map((t) => t.name);
  // The group is named after the first tenant table of the schema (roles, migration 0000).
  const anchor = tenant.includes(COLOCATION_ANCHOR) ? COLOCATION_ANCHOR : tenant[0];
  tenant.sort((a, b) => Number(b === anchor) - Number(a === anchor));
  const listed = (citus: Placement['citus']) =>
    shape.tables.map((t) => t.name).filter((name) => GLOBAL_TABLES[name]?.citus === citus);

  out.push(
    '-- Distributes the Front Desk schema by company on a Citus coordinator (docs/scale-out.md).',
    '-- Generated from the live catalogue by apps/server/scripts/citus-plan.ts; app nodes stopped; psql -v ON_ERROR_STOP=1.',
    '-- Triggers on distributed tables need citus.enable_unsafe_triggers = on (set on every node, see the runbook).',
    'SET citus.enable_unsafe_triggers = on;',
    '',
    '-- 1. Foreign keys off while tables change placement (added back in step 6).',
  );
  for (const fk of shape.foreignKeys) out.push(`ALTER TABLE ${ident(fk.table)} DROP CONSTRAINT ${ident(fk.name)};`);

  out.push('', '-- 2. Reference tables: a copy on every node.');
  for (const name of listed('reference')) {
    out.push(`-- ${GLOBAL_TABLES[name]!.reason}`, `SELECT create_reference_table(${literal(name)});`);
  }
  out.push('', '-- 3. The platform’s own tables stay on the coordinator, as Citus local tables.');
  for (const name of listed('local')) {
    out.push(`-- ${GLOBAL_TABLES[name]!.reason}`, `SELECT citus_add_local_table_to_metadata(${literal(name)});`);
  }
  out.push('', `-- 4. ${tenant.length} tenant tables, distributed by entity_id in one co-location group.`);
  tenant.forEach((name, i) => {
    const colocate = i === 0 ? `'none'` : literal(anchor!);
    out.push(`SELECT create_distributed_table(${literal(name)}, 'entity_id', colocate_with => ${colocate});`);
  });
  out.push('', '-- 5. Tables distributed by a key of their own, each in a co-location group of its own.');
  for (const name of listed('distributed')) {
    const placement = GLOBAL_TABLES[name] as Extract<Placement, { citus: 'distributed' }>;
    out.push(
      `-- ${placement.reason}`,
      `SELECT create_distributed_table(${literal(name)}, ${literal(placement.by)}, colocate_with => 'none');`,
    );
  }
  out.push('', '-- 6. Foreign keys back, as they were.');
  for (const fk of shape.foreignKeys) {
    out.push(`ALTER TABLE ${ident(fk.table)} ADD CONSTRAINT ${ident(fk.name)} ${fk.definition};`);
  }

  const withoutPrimaryKey = shape.tables
    .map((t) => t.name)
    .filter((name) => !shape.uniqueKeys.some((k) => k.table === name && k.primary));
  if (withoutPrimaryKey.length) {
    out.push('', '-- Without a primary key: online shard moves (logical replication) need a replica identity, e.g.');
    for (const name of withoutPrimaryKey) out.push(`--   ALTER TABLE ${ident(name)} REPLICA IDENTITY FULL;`);
  }
  out.push('', '-- Triggers to deal with before app nodes write through Citus (docs/scale-out.md):');
  for (const kind of ['notify', 'cross-node'] as const) {
    for (const t of shape.triggers.filter((x) => TRIGGER_FUNCTIONS[x.fn]?.kind === kind)) {
      const on = placementOf(shape, t.table)?.citus ?? 'unknown';
      out.push(`--   ${kind}, on a ${on} table: ${t.table}.${t.name} (${t.fn}: ${TRIGGER_FUNCTIONS[t.fn]!.what})`);
    }
  }
  return `${out.join('\n')}\n`;
}
