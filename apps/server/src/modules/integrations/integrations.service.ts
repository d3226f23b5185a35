import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Language } from '@app/shared/constants';
import type {
  createIntegrationBodySchema,
  Directory,
  listIntegrationsQuerySchema,
  reauthBodySchema,
  settingsBodySchema,
} from '@app/shared/integrations/schemas';
import { INTEGRATION_FIELDS } from '@app/shared/integrations/status';
import type { Executor } from '../../db/client';
import { areas, sites, userTypes, type IntegrationMapping } from '../../db/schema/index';
import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { t } from '../../lib/i18n';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { CONNECTORS, endpointsOf, isReadDirectory } from './connectors/index';
import { DirectoryAuthError } from './connectors/types';
import { connectTo, openSecrets, sealSecrets } from './directory-access';
import { takeGoogleAuthorization } from './google-consent';
import { canChange, toIntegration } from './integration-view';
import { createRun, launchRun } from './integration-runs';
import {
  deleteIntegration,
  findIntegration,
  insertIntegration,
  integrationInScope,
  latestRuns,
  listIntegrations,
  nameTaken,
  replaceSites,
  sitesOf,
  updateIntegration,
  type IntegrationRecord,
} from './integrations.repository';
import { nextSyncAfter } from './run-end';
import { issueScimToken } from '../scim/scim-token';

// Integrations (spec §3 "Integration", §4 status, §5 rules, §6 "limited to admins of the selected
// sites", §8 toasts; decision 048): connect a directory (its credentials checked by connecting), set
// its sites and mapping, change its status, re-authenticate, delete. Runs are in integration-flow.

export type CreateBody = z.output<typeof createIntegrationBodySchema>;
export type SettingsBody = z.output<typeof settingsBodySchema>;

export function listDirectories(app: FastifyInstance): Directory[] {
  const endpoints = endpointsOf(app.env);
  const read = Object.values(CONNECTORS).map((c) => ({
    code: c.code,
    config_keys: [...c.configKeys],
    secret_keys: [...c.secretKeys],
    fields: [...c.fields],
    writes_back: c.writesBack,
    available: c.code !== 'googleAD' || (endpoints.googleClientId !== null && endpoints.googleClientSecret !== null),
    consent: c.code === 'googleAD',
  }));
  return [
    ...read,
    {
      code: 'scim',
      config_keys: [],
      secret_keys: [],
      fields: ['email', 'phone', 'id_number', 'department'],
      writes_back: false,
      available: true,
      consent: false,
    },
  ];
}

/** The integration, visible to the caller (else 404); `change`: the caller must hold all its sites (else 403). */
export async function visibleIntegration(
  tx: Executor,
  ctx: AccessContext,
  id: string,
  options: { change?: boolean; lock?: boolean } = {},
) {
  const row = await findIntegration(tx, ctx.entityId, id, { lock: options.lock });
  if (!row) throw notFound();
  const siteList = (await sitesOf(tx, ctx.entityId, [id])).get(id) ?? [];
  const siteIds = siteList.map((s) => s.id);
  const visible = ctx.siteIds === null || siteIds.length === 0 || siteIds.some((s) => ctx.siteIds!.includes(s));
  if (!visible) throw notFound();
  if (options.change && !canChange(ctx, siteIds)) throw new AppError('forbidden');
  return { row, sites: siteList };
}

export async function viewOf(tx: Executor, ctx: AccessContext, row: IntegrationRecord, app: FastifyInstance) {
  const sitesById = await sitesOf(tx, ctx.entityId, [row.id]);
  const runs = await latestRuns(tx, ctx.entityId, [row.id]);
  return toIntegration(
    row,
    sitesById.get(row.id) ?? [],
    runs.get(row.id) ?? null,
    ctx,
    Object.keys(openSecrets(app, row.secrets)),
  );
}

export async function listCompanyIntegrations(
  app: FastifyInstance,
  ctx: AccessContext,
  q: z.output<typeof listIntegrationsQuerySchema>,
) {
  return inTenant(app, ctx, async (tx) => {
    const { rows, count } = await listIntegrations(tx, ctx.entityId, ctx.siteIds, q);
    const ids = rows.map((r) => r.id);
    const [sitesById, runs] = await Promise.all([sitesOf(tx, ctx.entityId, ids), latestRuns(tx, ctx.entityId, ids)]);
    return {
      data: rows.map((r) =>
        toIntegration(
          r,
          sitesById.get(r.id) ?? [],
          runs.get(r.id) ?? null,
          ctx,
          Object.keys(openSecrets(app, r.secrets)),
        ),
      ),
      count,
    };
  });
}

export async function getIntegration(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => viewOf(tx, ctx, (await visibleIntegration(tx, ctx, id)).row, app));
}

export async function checkName(app: FastifyInstance, ctx: AccessContext, lang: Language, name: string, id?: string) {
  const taken = await inTenant(app, ctx, (tx) => nameTaken(tx, ctx.entityId, name, id));
  return { available: !taken, message: taken ? t(lang, 'errors:integration_name_taken') : null };
}

/** Only the keys the directory asks for, each required; values trimmed (never changed otherwise). */
function pickKeys(values: Record<string, string>, keys: readonly string[], required: boolean) {
  const picked: Record<string, string> = {};
  const missing: string[] = [];
  for (const key of keys) {
    const value = values[key]?.trim();
    if (value) picked[key] = value;
    else if (required) missing.push(key);
  }
  return { picked, missing };
}

function requireKeys(missing: string[]) {
  if (missing.length) throw new AppError('validation_failed', { field: missing[0]!, messageKey: 'field.required' });
}

/**
 * Connects with the given credentials: the directory says whether they are right. Wrong ones are a
 * 422 naming the secret field (spec: "authentication failed" with a re-authenticate action).
 */
async function authenticate(
  app: FastifyInstance,
  dirCode: string,
  config: Record<string, string>,
  secrets: Record<string, string>,
) {
  try {
    const session = await connectTo(app, dirCode, { config, secrets, refreshedAt: null });
    return { account: session.account(), secrets: session.refreshedSecrets() ?? secrets };
  } catch (err) {
    if (err instanceof DirectoryAuthError) {
      const connector = isReadDirectory(dirCode) ? CONNECTORS[dirCode] : null;
      throw new AppError('rule_violation', {
        field: err.field ?? connector?.secretKeys[0] ?? 'config',
        messageKey: err.directoryMessage ? 'integration_auth_failed_with_message' : 'integration_auth_failed',
        vars: { message: err.directoryMessage ?? '' },
      });
    }
    throw new AppError('rule_violation', { field: 'config', messageKey: 'integration_directory_unreachable' });
  }
}

export async function createIntegration(app: FastifyInstance, ctx: AccessContext, body: CreateBody) {
  const personId = ctx.actor.kind === 'user' ? ctx.actor.personId : null;
  // The name first: a taken one must not use up Google's consent or a call to the directory.
  const nameClash = () => new AppError('conflict', { field: 'name', messageKey: 'integration_name_taken' });
  if (await inTenant(app, ctx, (tx) => nameTaken(tx, ctx.entityId, body.name))) throw nameClash();
  let config: Record<string, string> = {};
  let secrets: Record<string, string> = {};
  if (body.dir_code === 'googleAD') {
    if (!body.authorization_id)
      throw new AppError('validation_failed', {
        field: 'authorization_id',
        messageKey: 'integration_consent_required',
      });
    const consent = await takeGoogleAuthorization(app, ctx, body.authorization_id, null);
    config = { account: consent.account ?? '' };
    secrets = consent.secrets;
  } else if (body.dir_code !== 'scim') {
    if (!isReadDirectory(body.dir_code)) {
      throw new AppError('rule_violation', { field: 'dir_code', messageKey: 'integration_directory_not_available' });
    }
    const connector = CONNECTORS[body.dir_code];
    const c = pickKeys(body.config, connector.configKeys, true);
    const s = pickKeys(body.secrets, connector.secretKeys, true);
    requireKeys([...c.missing, ...s.missing]);
    const reached = await authenticate(app, body.dir_code, c.picked, s.picked);
    config = { ...c.picked, ...(reached.account ? { account: reached.account } : {}) };
    secrets = reached.secrets;
  }
  const result = await inTenant(app, ctx, async (tx) => {
    if (await nameTaken(tx, ctx.entityId, body.name)) throw nameClash();
    const row = await insertIntegration(tx, {
      entityId: ctx.entityId,
      id: newId(),
      name: body.name,
      dirCode: body.dir_code,
      config,
      secrets: sealSecrets(app, secrets),
      tokenRefreshedAt: body.dir_code === 'scim' ? null : new Date(),
      createdByPersonId: personId,
    });
    const token = body.dir_code === 'scim' ? await issueScimToken(tx, ctx.entityId, row.id) : null;
    await writeAudit(tx, ctx, {
      action: 'integration.create',
      targetType: 'integration',
      targetId: row.id,
      after: { name: row.name, dir_code: row.dirCode, config: row.config },
    });
    return { integration: await viewOf(tx, ctx, row, app), token };
  });
  return {
    integration: result.integration,
    scim_token: result.token,
    scim_url: body.dir_code === 'scim' ? `${app.env.appUrl}/scim/v2` : null,
  };
}

export async function reauthenticate(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: z.output<typeof reauthBodySchema>,
) {
  const current = await inTenant(app, ctx, async (tx) => (await visibleIntegration(tx, ctx, id, { change: true })).row);
  let config = current.config;
  let secrets: Record<string, string>;
  if (current.dirCode === 'scim')
    throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_scim_no_reauth' });
  if (current.dirCode === 'googleAD') {
    if (!body.authorization_id)
      throw new AppError('validation_failed', {
        field: 'authorization_id',
        messageKey: 'integration_consent_required',
      });
    const consent = await takeGoogleAuthorization(app, ctx, body.authorization_id, id);
    config = { ...config, account: consent.account ?? config.account ?? '' };
    secrets = consent.secrets;
  } else {
    if (!isReadDirectory(current.dirCode)) {
      throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_directory_not_available' });
    }
    const connector = CONNECTORS[current.dirCode];
    const stored = openSecrets(app, current.secrets);
    // A key left empty keeps its stored value: the admin retypes only what changed.
    const c = pickKeys({ ...current.config, ...body.config }, connector.configKeys, true);
    const s = pickKeys(
      { ...stored, ...Object.fromEntries(Object.entries(body.secrets).filter(([, v]) => v.trim())) },
      connector.secretKeys,
      true,
    );
    requireKeys([...c.missing, ...s.missing]);
    const reached = await authenticate(app, current.dirCode, c.picked, s.picked);
    config = { ...c.picked, ...(reached.account ? { account: reached.account } : {}) };
    secrets = reached.secrets;
  }
  return inTenant(app, ctx, async (tx) => {
    const { row } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    const status =
      row.status === 'authentication_failed' || row.status === 'invalid'
        ? row.migratedAt
          ? 'active'
          : 'draft'
        : row.status;
    const updated = (await updateIntegration(tx, ctx.entityId, id, {
      config,
      secrets: sealSecrets(app, secrets),
      tokenRefreshedAt: new Date(),
      status,
    }))!;
    await writeAudit(tx, ctx, { action: 'integration.reauthenticate', targetType: 'integration', targetId: id });
    return viewOf(tx, ctx, updated, app);
  });
}

/** Spec §5: sites required, and at least one field or group; every site and user type named must exist and be the caller's. */
async function checkSettings(tx: Executor, ctx: AccessContext, row: IntegrationRecord, body: SettingsBody) {
  if (body.site_ids.length === 0)
    throw new AppError('validation_failed', { field: 'site_ids', messageKey: 'integration_sites_required' });
  // Spec §5: at least one field or group. With no group, everyone the directory holds is read, and
  // takes the default user type (SCIM: people in no mapped group).
  if (body.groups.length === 0 && body.fields.length === 0 && row.dirCode !== 'scim') {
    throw new AppError('validation_failed', { field: 'groups', messageKey: 'integration_field_or_group_required' });
  }
  if (body.groups.length === 0 && !body.default_user_type_id) {
    throw new AppError('validation_failed', {
      field: 'default_user_type_id',
      messageKey: 'integration_user_type_required',
    });
  }
  const siteIds = [...new Set(body.site_ids)];
  const found = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.entityId, ctx.entityId), inArray(sites.id, siteIds)));
  if (found.length !== siteIds.length || !canChange(ctx, siteIds)) {
    throw new AppError('validation_failed', { field: 'site_ids', messageKey: 'integration_site_unknown' });
  }
  const typeIds = [
    ...new Set([
      ...body.groups.map((g) => g.user_type_id),
      ...(body.default_user_type_id ? [body.default_user_type_id] : []),
    ]),
  ];
  if (typeIds.length) {
    const types = await tx
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.entityId, ctx.entityId), inArray(userTypes.id, typeIds)));
    const inScope = types.filter((ty) => ctx.userTypeIds === null || ctx.userTypeIds.includes(ty.id));
    if (inScope.length !== typeIds.length) {
      throw new AppError('validation_failed', { field: 'groups', messageKey: 'integration_user_type_unknown' });
    }
  }
  const ids = body.groups.map((g) => g.id);
  if (new Set(ids).size !== ids.length)
    throw new AppError('validation_failed', { field: 'groups', messageKey: 'integration_group_twice' });
  if (body.write_back_area_ids.length) {
    const found = await tx
      .select({ id: areas.id })
      .from(areas)
      .where(
        and(
          eq(areas.entityId, ctx.entityId),
          inArray(areas.id, body.write_back_area_ids),
          inArray(areas.siteId, siteIds),
        ),
      );
    if (found.length !== new Set(body.write_back_area_ids).size) {
      throw new AppError('validation_failed', { field: 'write_back_area_ids', messageKey: 'integration_area_unknown' });
    }
  }
  return siteIds;
}

/** Spec §4: save (and sync). A changed mapping after the first migration reads the directory again. */
export async function saveSettings(app: FastifyInstance, ctx: AccessContext, id: string, body: SettingsBody) {
  const personId = ctx.actor.kind === 'user' ? ctx.actor.personId : null;
  const { view, runId, launch } = await inTenant(app, ctx, async (tx) => {
    const { row, sites: before } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    const siteIds = await checkSettings(tx, ctx, row, body);
    if (body.name && body.name !== row.name && (await nameTaken(tx, ctx.entityId, body.name, id))) {
      throw new AppError('conflict', { field: 'name', messageKey: 'integration_name_taken' });
    }
    const connector = isReadDirectory(row.dirCode) ? CONNECTORS[row.dirCode] : null;
    const fields = body.fields.filter((f) =>
      connector ? connector.fields.includes(f) : INTEGRATION_FIELDS.includes(f),
    );
    const mapping: IntegrationMapping = {
      groups: body.groups.map((g) => ({ id: g.id, name: g.name, userTypeId: g.user_type_id })),
      fields,
      defaultUserTypeId: body.default_user_type_id,
      presentCode: row.mapping.presentCode ?? null,
      writeBack: connector?.writesBack ? body.write_back : false,
      writeBackAreaIds: connector?.writesBack && body.write_back ? [...new Set(body.write_back_area_ids)] : [],
    };
    const mappingChanged =
      JSON.stringify({ g: row.mapping.groups, f: row.mapping.fields, d: row.mapping.defaultUserTypeId ?? null }) !==
        JSON.stringify({ g: mapping.groups, f: mapping.fields, d: mapping.defaultUserTypeId ?? null }) ||
      before
        .map((s) => s.id)
        .sort()
        .join() !== [...siteIds].sort().join();
    const updated = (await updateIntegration(tx, ctx.entityId, id, {
      name: body.name ?? row.name,
      mapping,
      syncFrequency: body.sync_frequency,
      // A new mapping reads every record again, not a delta of the old one.
      cursor: mappingChanged ? null : row.cursor,
      status: row.status === 'invalid' ? (row.migratedAt ? 'active' : 'draft') : row.status,
      nextSyncAt:
        row.migratedAt && row.status !== 'inactive' ? nextSyncAfter(body.sync_frequency, new Date()) : row.nextSyncAt,
    }))!;
    await replaceSites(tx, ctx.entityId, id, siteIds);
    await writeAudit(tx, ctx, {
      action: 'integration.settings',
      targetType: 'integration',
      targetId: id,
      before: { mapping: row.mapping, sync_frequency: row.syncFrequency },
      after: { mapping, sync_frequency: body.sync_frequency, site_ids: siteIds },
    });
    let run: { id: string; created: boolean } | null = null;
    const resync = body.sync || (mappingChanged && row.migratedAt !== null);
    if (resync && row.dirCode !== 'scim') {
      const made = await createRun(tx, ctx.entityId, id, row.migratedAt ? 'manual' : 'first', personId);
      run = { id: made.run.id, created: made.created };
    }
    return { view: await viewOf(tx, ctx, updated, app), runId: run?.id ?? null, launch: run?.created ?? false };
  });
  if (launch && runId) await launchRun(app, ctx.entityId, id, runId);
  return { integration: view, run_id: runId };
}

/** Spec §4: deactivating stops automatic sync, reactivating resumes it; manual sync stays. */
export async function changeStatus(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  status: 'active' | 'inactive',
) {
  return inTenant(app, ctx, async (tx) => {
    const { row } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    let next = row.status;
    if (status === 'inactive') next = 'inactive';
    else if (row.status === 'inactive') next = row.migratedAt ? 'active' : 'draft';
    const updated = (await updateIntegration(tx, ctx.entityId, id, {
      status: next,
      nextSyncAt: next === 'inactive' || !row.migratedAt ? null : nextSyncAfter(row.syncFrequency, new Date()),
    }))!;
    await writeAudit(tx, ctx, {
      action: 'integration.status',
      targetType: 'integration',
      targetId: id,
      before: { status: row.status },
      after: { status: next },
    });
    return viewOf(tx, ctx, updated, app);
  });
}

/** The integration goes; the people it made stay (no longer kept in step). */
export async function removeIntegration(app: FastifyInstance, ctx: AccessContext, id: string) {
  await inTenant(app, ctx, async (tx) => {
    const { row } = await visibleIntegration(tx, ctx, id, { change: true, lock: true });
    await deleteIntegration(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'integration.delete',
      targetType: 'integration',
      targetId: id,
      before: { name: row.name, dir_code: row.dirCode },
    });
  });
  return { ok: true as const };
}

/** The directory's groups to map, read live (spec §8 NO_GROUP_TO_MAP when it has none). */
export async function directoryOptions(app: FastifyInstance, ctx: AccessContext, id: string) {
  const row = await inTenant(app, ctx, async (tx) => (await visibleIntegration(tx, ctx, id)).row);
  if (!isReadDirectory(row.dirCode)) return { groups: [], fields: [...INTEGRATION_FIELDS], no_group_to_map: false };
  const connector = CONNECTORS[row.dirCode];
  let groups;
  try {
    const session = await connectTo(app, row.dirCode, {
      config: row.config,
      secrets: openSecrets(app, row.secrets),
      refreshedAt: row.tokenRefreshedAt,
    });
    groups = await session.groups();
    const refreshed = session.refreshedSecrets();
    if (refreshed) {
      await inTenant(app, ctx, (tx) =>
        updateIntegration(tx, ctx.entityId, id, { secrets: sealSecrets(app, refreshed), tokenRefreshedAt: new Date() }),
      );
    }
  } catch (err) {
    if (err instanceof DirectoryAuthError) {
      await inTenant(app, ctx, (tx) => updateIntegration(tx, ctx.entityId, id, { status: 'authentication_failed' }));
      throw new AppError('rule_violation', {
        field: 'id',
        messageKey: 'integration_auth_failed',
        vars: { message: '' },
      });
    }
    throw new AppError('rule_violation', { field: 'id', messageKey: 'integration_directory_unreachable' });
  }
  return {
    groups: groups.map((g) => ({ id: g.id, name: g.name, kind: g.kind, member_count: g.memberCount ?? null })),
    fields: [...connector.fields],
    no_group_to_map: groups.length === 0,
  };
}

/** Spec §3 "Site areas have area_id, area_name, id, label, isDisabled": the areas of the caller's sites. */
export async function integrationAreas(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, async (tx) => {
    await visibleIntegration(tx, ctx, id);
    const rows = await tx
      .select({ id: areas.id, name: areas.name, siteId: areas.siteId, siteName: sites.name, active: areas.active })
      .from(areas)
      .innerJoin(sites, and(eq(sites.entityId, areas.entityId), eq(sites.id, areas.siteId)))
      .where(
        and(
          eq(areas.entityId, ctx.entityId),
          ctx.siteIds === null
            ? undefined
            : inArray(areas.siteId, ctx.siteIds.length ? ctx.siteIds : ['00000000-0000-0000-0000-000000000000']),
        ),
      )
      .orderBy(asc(sites.name), asc(areas.name));
    return {
      data: rows.map((r) => ({
        id: r.id,
        area_id: r.id,
        area_name: r.name,
        label: `${r.siteName} · ${r.name}`,
        site_id: r.siteId,
        isDisabled: !r.active,
      })),
    };
  });
}

export { integrationInScope };
