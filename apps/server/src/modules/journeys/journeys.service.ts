// Journeys and their flows (spec §3 Journey, §4 touch mode, §5 "User types and journeys", §6 admin
// scope). A journey applies to sites; each user type going through it has one flow. Admins limited to
// some sites act only on journeys of those sites and never drop the sites they cannot see.
import type { FastifyInstance } from 'fastify';
import { not } from 'drizzle-orm';
import { LIMITS } from '@app/shared/constants';
import { complianceFlags, readFlowSettings, type FlowSettings } from '@app/shared/journeys/flow-settings';
import type {
  CreateFlowsBody,
  Flow,
  Journey,
  JourneyBody,
  JourneyKiosk,
  JourneyUserTypeOption,
  ListJourneysQuery,
  TouchModeConfirmation,
  UpdateFlowBody,
} from '@app/shared/journeys/schemas';
import { KIOSK_ONLINE_WINDOW_MS } from '@app/shared/kiosks/schemas';
import type { RegistrationMethod } from '@app/shared/user-types/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { checkImage } from '../../lib/images';
import { randomToken } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { writeAudit, writeAudits } from '../audit/audit.repository';
import { findPeople } from '../people/people.repository';
import { typeInScope } from '../people/person-rules';
import { personInScope } from '../people/person-scope';
import { fullName } from '../people/person-view';
import {
  attendanceModesForJourney,
  attendanceModesOfFlows,
  compliancesOfFlows,
  deleteFlow,
  deleteJourney,
  findCompliances,
  findJourney,
  findKiosksByIds,
  findSitesByIds,
  findUserTypes,
  flowsAtSites,
  hostsOfFlows,
  insertFlows,
  insertJourney,
  isJourneyNameTaken,
  kiosksAtSites,
  kiosksRunning,
  listFlows,
  listJourneys,
  replaceFlowLinks,
  replaceJourneySites,
  setKioskJourney,
  sitesOfJourneys,
  updateFlow,
  updateJourney,
  type FlowWithRefs,
  type JourneyWithCounts,
} from './journeys.repository';
import { inTenant } from '../access/in-tenant';

const REGISTRATION_NOT_REQUIRED: RegistrationMethod = 'registration_not_required';

const siteInScope = (ctx: AccessContext, siteId: string) => ctx.siteIds === null || ctx.siteIds.includes(siteId);
const names = (items: { name: string }[]) => items.map((i) => i.name).join(', ');

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const nameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'journey_name_taken' });

// ── how a journey reads ─────────────────────────────────────────────────────────────────────────

/** The logo's URL carries the random part of its file name, so it changes whenever the logo does. */
const logoUrl = (journeyId: string, key: string | null) => {
  const version = key?.match(/logo-([\w-]+)\.(?:png|jpg)$/)?.[1];
  return version ? `/api/v1/journeys/${journeyId}/logo?v=${version}` : null;
};

/** Journeys as the API shows them; any number of them costs two more queries. */
async function toJourneys(tx: Executor, ctx: AccessContext, rows: JourneyWithCounts[]): Promise<Journey[]> {
  const ids = rows.map((r) => r.journey.id);
  const siteRows = await sitesOfJourneys(tx, ctx.entityId, ids);
  const flowRows = await listFlows(tx, ctx.entityId, { journeyIds: ids });
  return rows.map(({ journey, flowCount, kioskCount }) => ({
    id: journey.id,
    name: journey.name,
    description: journey.description,
    logo_url: logoUrl(journey.id, journey.logo),
    remote: journey.remote,
    touch_mode: journey.touchMode,
    sites: siteRows
      .filter((s) => s.journeyId === journey.id)
      .map((s) => ({ id: s.id, name: s.name, locked: !siteInScope(ctx, s.id) })),
    user_types: flowRows
      .filter((f) => f.flow.journeyId === journey.id)
      .map((f) => ({
        id: f.flow.userTypeId,
        name: f.userTypeName,
        registration_method: f.registrationMethod as RegistrationMethod,
        flow_id: f.flow.id,
      })),
    flow_count: Number(flowCount),
    kiosk_count: Number(kioskCount),
    created_at: journey.createdAt.toISOString(),
    updated_at: journey.updatedAt.toISOString(),
  }));
}

async function mustFindJourney(tx: Executor, ctx: AccessContext, id: string) {
  const found = await findJourney(tx, ctx.entityId, ctx.siteIds, id);
  if (!found) throw new AppError('not_found');
  return found;
}

async function readJourney(tx: Executor, ctx: AccessContext, id: string) {
  return (await toJourneys(tx, ctx, [await mustFindJourney(tx, ctx, id)]))[0]!;
}

/** Every site named must be the company's and the caller's (spec §6). */
async function assertSitesAvailable(tx: Executor, ctx: AccessContext, siteIds: string[]) {
  const found = await findSitesByIds(tx, ctx.entityId, siteIds);
  if (found.length !== siteIds.length || siteIds.some((id) => !siteInScope(ctx, id))) {
    throw new AppError('rule_violation', { field: 'site_ids', messageKey: 'site_not_available' });
  }
}

// ── journeys ────────────────────────────────────────────────────────────────────────────────────

export async function listCompanyJourneys(app: FastifyInstance, ctx: AccessContext, q: ListJourneysQuery) {
  return inTenant(app, ctx, async (tx) => {
    const { rows, count } = await listJourneys(tx, ctx.entityId, ctx.siteIds, q);
    return { data: await toJourneys(tx, ctx, rows), count };
  });
}

export async function getJourney(app: FastifyInstance, ctx: AccessContext, id: string) {
  return inTenant(app, ctx, (tx) => readJourney(tx, ctx, id));
}

export async function createJourney(app: FastifyInstance, ctx: AccessContext, body: JourneyBody) {
  try {
    return await inTenant(app, ctx, async (tx) => {
      await assertSitesAvailable(tx, ctx, body.site_ids);
      if (await isJourneyNameTaken(tx, ctx.entityId, body.name)) throw nameTaken();
      const row = await insertJourney(tx, {
        entityId: ctx.entityId,
        id: newId(),
        name: body.name,
        description: body.description,
        remote: body.remote,
        touchMode: body.touch_mode,
      });
      await replaceJourneySites(tx, ctx.entityId, row.id, body.site_ids);
      const journey = await readJourney(tx, ctx, row.id);
      await writeAudit(tx, ctx, { action: 'journey.create', targetType: 'journey', targetId: row.id, after: journey });
      return journey;
    });
  } catch (error) {
    // Two admins saving the same name at once: the unique index refuses the second, as the check would.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The flows of a journey that have no input method, with their user types' names. */
async function flowsWithoutInput(tx: Executor, ctx: AccessContext, journeyId: string) {
  const flows = await listFlows(tx, ctx.entityId, { journeyIds: [journeyId] });
  return {
    total: flows.length,
    missing: flows.filter((f) => readFlowSettings(f.flow.settings).inputs.length === 0),
  };
}

export async function changeJourney(app: FastifyInstance, ctx: AccessContext, id: string, body: JourneyBody) {
  try {
    return await inTenant(app, ctx, async (tx) => {
      const before = await readJourney(tx, ctx, id);
      if (await isJourneyNameTaken(tx, ctx.entityId, body.name, id)) throw nameTaken();
      await assertSitesAvailable(tx, ctx, body.site_ids);
      // Sites the caller cannot see stay on the journey (spec §6: removing them is not allowed).
      const siteIds = [...new Set([...body.site_ids, ...before.sites.filter((s) => s.locked).map((s) => s.id)])];
      const removed = before.sites.filter((s) => !siteIds.includes(s.id));
      if (removed.length) {
        const stranded = await kiosksRunning(
          tx,
          ctx.entityId,
          id,
          removed.map((s) => s.id),
        );
        if (stranded.length) {
          throw new AppError('rule_violation', {
            field: 'site_ids',
            messageKey: 'journey_site_has_kiosks',
            vars: {
              kiosks: names(stranded),
              sites: names(removed.filter((s) => stranded.some((k) => k.siteId === s.id))),
            },
          });
        }
      }
      if (!body.touch_mode) {
        const { missing } = await flowsWithoutInput(tx, ctx, id);
        if (missing.length) {
          throw new AppError('rule_violation', {
            field: 'touch_mode',
            messageKey: 'journey_touch_mode_needs_inputs',
            vars: { user_types: missing.map((f) => f.userTypeName).join(', ') },
          });
        }
      }
      await updateJourney(tx, ctx.entityId, id, {
        name: body.name,
        description: body.description,
        remote: body.remote,
        touchMode: body.touch_mode,
      });
      await replaceJourneySites(tx, ctx.entityId, id, siteIds);
      const after = await readJourney(tx, ctx, id);
      await writeAudit(tx, ctx, { action: 'journey.update', targetType: 'journey', targetId: id, before, after });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a journey with its flows; refused while kiosks run it (the message names them). */
export async function removeJourney(app: FastifyInstance, ctx: AccessContext, id: string) {
  const logo = await inTenant(app, ctx, async (tx) => {
    const before = await readJourney(tx, ctx, id);
    const running = await kiosksRunning(tx, ctx.entityId, id);
    if (running.length) {
      throw new AppError('rule_violation', {
        field: 'id',
        messageKey: 'journey_has_kiosks',
        vars: { count: running.length, kiosks: names(running) },
      });
    }
    const { journey } = await mustFindJourney(tx, ctx, id);
    await deleteJourney(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, { action: 'journey.delete', targetType: 'journey', targetId: id, before });
    return journey.logo;
  });
  if (logo) await app.files.remove(logo);
}

export async function touchModeConfirmation(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
): Promise<TouchModeConfirmation> {
  return inTenant(app, ctx, async (tx) => {
    const { kioskCount } = await mustFindJourney(tx, ctx, id);
    const { total, missing } = await flowsWithoutInput(tx, ctx, id);
    return {
      can_disable: missing.length === 0,
      flow_count: total,
      flows_without_input: missing.map((f) => ({
        flow_id: f.flow.id,
        user_type_id: f.flow.userTypeId,
        user_type_name: f.userTypeName,
      })),
      kiosk_count: Number(kioskCount),
    };
  });
}

// ── logo ────────────────────────────────────────────────────────────────────────────────────────

/** The journey's logo, checked by its content like the company logo (spec §9: at least 200×45, 2 MB). */
export async function setJourneyLogo(app: FastifyInstance, ctx: AccessContext, id: string, data: Buffer) {
  // Nothing is written for a journey the caller may not see, and what is written is the re-encoded image.
  await inTenant(app, ctx, (tx) => mustFindJourney(tx, ctx, id));
  const logo = await checkImage(data, LIMITS.logo, 'logo');
  const key = `entities/${ctx.entityId}/journeys/${id}/logo-${randomToken(8)}.${logo.kind}`;
  await app.files.put(key, logo.data);
  const { journey, previous } = await inTenant(app, ctx, async (tx) => {
    const { journey: before } = await mustFindJourney(tx, ctx, id);
    await updateJourney(tx, ctx.entityId, id, { logo: key });
    await writeAudit(tx, ctx, {
      action: 'journey.logo.set',
      targetType: 'journey',
      targetId: id,
      before: { logo: logoUrl(id, before.logo) },
      after: { logo: logoUrl(id, key) },
    });
    return { journey: await readJourney(tx, ctx, id), previous: before.logo };
  }).catch(async (error: unknown) => {
    await app.files.remove(key);
    throw error;
  });
  if (previous && previous !== key) await app.files.remove(previous);
  return journey;
}

export async function removeJourneyLogo(app: FastifyInstance, ctx: AccessContext, id: string) {
  const { journey, previous } = await inTenant(app, ctx, async (tx) => {
    const { journey: before } = await mustFindJourney(tx, ctx, id);
    await updateJourney(tx, ctx.entityId, id, { logo: null });
    await writeAudit(tx, ctx, {
      action: 'journey.logo.remove',
      targetType: 'journey',
      targetId: id,
      before: { logo: logoUrl(id, before.logo) },
      after: { logo: null },
    });
    return { journey: await readJourney(tx, ctx, id), previous: before.logo };
  });
  if (previous) await app.files.remove(previous);
  return journey;
}

export async function readJourneyLogo(app: FastifyInstance, ctx: AccessContext, id: string) {
  const { journey } = await inTenant(app, ctx, (tx) => mustFindJourney(tx, ctx, id));
  const data = journey.logo ? await app.files.get(journey.logo) : null;
  if (!data || !journey.logo) throw new AppError('not_found');
  return { data, name: `logo.${journey.logo.split('.').pop()}` };
}

// ── flows ───────────────────────────────────────────────────────────────────────────────────────

/** Flows as the API shows them; any number of them costs three more queries. */
async function toFlows(tx: Executor, ctx: AccessContext, rows: FlowWithRefs[]): Promise<Flow[]> {
  const ids = rows.map((r) => r.flow.id);
  const complianceRows = await compliancesOfFlows(tx, ctx.entityId, ids);
  const modeRows = await attendanceModesOfFlows(tx, ctx.entityId, ids);
  const hostRows = await hostsOfFlows(tx, ctx.entityId, ids, personInScope(ctx));
  return rows.map((row) => {
    const settings = readFlowSettings(row.flow.settings);
    const linked = complianceRows.filter((c) => c.flowId === row.flow.id);
    return {
      ...settings,
      id: row.flow.id,
      journey_id: row.flow.journeyId,
      journey_name: row.journeyName,
      user_type: {
        id: row.flow.userTypeId,
        name: row.userTypeName,
        registration_method: row.registrationMethod as RegistrationMethod,
      },
      hosts: hostRows
        .filter((h) => h.flowId === row.flow.id)
        .map((h) => ({ id: h.id, full_name: fullName(h), email: h.email })),
      compliances: linked.map((c) => ({
        id: c.id,
        name: c.name,
        format: c.format,
        version: c.version,
        required: c.required,
      })),
      attendance_modes: modeRows.filter((m) => m.flowId === row.flow.id).map((m) => ({ id: m.id, name: m.name })),
      compliance_flags: complianceFlags(settings, { complianceCount: linked.length, touchMode: row.touchMode }),
      editable: typeInScope(ctx, row.flow.userTypeId),
      updated_at: row.flow.updatedAt.toISOString(),
    };
  });
}

/** A flow of a journey the caller sees; `forChange` also needs its user type to be the caller's. */
async function mustFindFlow(tx: Executor, ctx: AccessContext, flowId: string, forChange: boolean) {
  const [row] = await listFlows(tx, ctx.entityId, { flowIds: [flowId], siteIds: ctx.siteIds });
  if (!row || (forChange && !typeInScope(ctx, row.flow.userTypeId))) throw new AppError('not_found');
  return row;
}

type FlowLinks = Pick<CreateFlowsBody, 'host_ids' | 'compliances' | 'attendance_mode_ids'>;

const settingsOf = (body: CreateFlowsBody | UpdateFlowBody): FlowSettings => ({
  inputs: body.inputs,
  checks: body.checks,
  host_note: body.host_note,
  feedback: body.feedback,
  output: body.output,
  notifications: body.notifications,
});

/**
 * The rules a flow's settings and links must meet: an input method when touch mode is off; the
 * compliances, attendance modes and hosts it names must be the company's (and the caller's); a host
 * list when only listed hosts may be chosen. `keptHosts` are hosts outside the caller's scope that stay.
 */
async function checkFlow(
  tx: Executor,
  ctx: AccessContext,
  journey: JourneyWithCounts['journey'],
  settings: FlowSettings,
  links: FlowLinks,
  keptHosts: string[] = [],
) {
  if (!journey.touchMode && settings.inputs.length === 0) {
    throw new AppError('rule_violation', { field: 'inputs', messageKey: 'journey_inputs_required' });
  }
  const complianceIds = links.compliances.map((c) => c.id);
  if ((await findCompliances(tx, ctx.entityId, complianceIds)).length !== complianceIds.length) {
    throw new AppError('not_found', { field: 'compliances', messageKey: 'journey_compliance_not_found' });
  }
  const modes = await attendanceModesForJourney(tx, ctx.entityId, journey.id, ctx.siteIds, links.attendance_mode_ids);
  if (modes.length !== links.attendance_mode_ids.length) {
    throw new AppError('rule_violation', {
      field: 'attendance_mode_ids',
      messageKey: 'journey_attendance_mode_not_available',
    });
  }
  const hosts = await findPeople(tx, ctx.entityId, personInScope(ctx), links.host_ids);
  if (hosts.length !== links.host_ids.length) {
    throw new AppError('rule_violation', { field: 'host_ids', messageKey: 'person_not_found' });
  }
  if (hosts.some((p) => p.status !== 'active')) {
    throw new AppError('rule_violation', { field: 'host_ids', messageKey: 'host_archived' });
  }
  if (settings.checks.select_host_permitted && links.host_ids.length + keptHosts.length === 0) {
    throw new AppError('rule_violation', { field: 'host_ids', messageKey: 'journey_hosts_required' });
  }
}

/**
 * Spec §5: only one 'registration not required' user type per journey. `types` are the journey's user
 * types once the change is made.
 */
function assertOneWithoutRegistration(
  types: { name: string; registrationMethod: string }[],
  field: 'user_type_ids' | 'user_type_id',
) {
  const without = types.filter((t) => t.registrationMethod === REGISTRATION_NOT_REQUIRED);
  if (without.length > 1) {
    throw new AppError('rule_violation', {
      field,
      messageKey: 'journey_one_registration_not_required',
      vars: { user_types: names(without) },
    });
  }
}

/** The user types a body names: the company's, and within the caller's user types (404 otherwise). */
async function mustFindTypes(tx: Executor, ctx: AccessContext, ids: string[], field: string) {
  const found = await findUserTypes(tx, ctx.entityId, ids);
  if (found.length !== ids.length || ids.some((id) => !typeInScope(ctx, id))) {
    throw new AppError('not_found', { field, messageKey: 'journey_user_type_not_found' });
  }
  return found;
}

export async function listJourneyFlows(app: FastifyInstance, ctx: AccessContext, journeyId: string) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindJourney(tx, ctx, journeyId);
    return { data: await toFlows(tx, ctx, await listFlows(tx, ctx.entityId, { journeyIds: [journeyId] })) };
  });
}

export async function listCompanyFlows(
  app: FastifyInstance,
  ctx: AccessContext,
  q: { journey_id?: string; user_type_id?: string },
) {
  return inTenant(app, ctx, async (tx) => {
    const rows = await listFlows(tx, ctx.entityId, {
      journeyIds: q.journey_id ? [q.journey_id] : undefined,
      userTypeId: q.user_type_id,
      siteIds: ctx.siteIds,
    });
    return { data: await toFlows(tx, ctx, rows) };
  });
}

export async function getFlow(app: FastifyInstance, ctx: AccessContext, flowId: string) {
  return inTenant(app, ctx, async (tx) => (await toFlows(tx, ctx, [await mustFindFlow(tx, ctx, flowId, false)]))[0]!);
}

/** The flow a user type goes through in a journey (spec flow_settings_by_user_type, get_setting_from_flow). */
export async function getFlowOfUserType(app: FastifyInstance, ctx: AccessContext, journeyId: string, typeId: string) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindJourney(tx, ctx, journeyId);
    const [row] = await listFlows(tx, ctx.entityId, { journeyIds: [journeyId], userTypeId: typeId });
    if (!row) throw new AppError('not_found');
    return (await toFlows(tx, ctx, [row]))[0]!;
  });
}

/** Adds the same flow for each user type chosen; a type already in the journey is refused. */
export async function createFlows(app: FastifyInstance, ctx: AccessContext, journeyId: string, body: CreateFlowsBody) {
  try {
    return await inTenant(app, ctx, async (tx) => {
      const { journey } = await mustFindJourney(tx, ctx, journeyId);
      const types = await mustFindTypes(tx, ctx, body.user_type_ids, 'user_type_ids');
      const existing = await listFlows(tx, ctx.entityId, { journeyIds: [journeyId] });
      const taken = types.filter((t) => existing.some((f) => f.flow.userTypeId === t.id));
      if (taken.length) {
        throw new AppError('conflict', {
          field: 'user_type_ids',
          messageKey: 'journey_user_type_in_journey',
          vars: { user_types: names(taken) },
        });
      }
      assertOneWithoutRegistration(
        [...existing.map((f) => ({ name: f.userTypeName, registrationMethod: f.registrationMethod })), ...types],
        'user_type_ids',
      );
      const settings = settingsOf(body);
      await checkFlow(tx, ctx, journey, settings, body);
      const rows = await insertFlows(
        tx,
        types.map((t) => ({ entityId: ctx.entityId, id: newId(), journeyId, userTypeId: t.id, settings })),
      );
      for (const row of rows) {
        await replaceFlowLinks(tx, ctx.entityId, row.id, {
          complianceIds: body.compliances,
          attendanceModeIds: body.attendance_mode_ids,
          hostIds: body.host_ids,
        });
      }
      await updateJourney(tx, ctx.entityId, journeyId, {});
      const flows = await toFlows(tx, ctx, await listFlows(tx, ctx.entityId, { flowIds: rows.map((r) => r.id) }));
      await writeAudits(
        tx,
        ctx,
        flows.map((flow) => ({
          action: 'journey_flow.create',
          targetType: 'journey_flow',
          targetId: flow.id,
          after: flow,
        })),
      );
      return { data: flows };
    });
  } catch (error) {
    // Another admin added a flow for the same type meanwhile.
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', { field: 'user_type_ids', messageKey: 'journey_user_type_taken' });
    }
    throw error;
  }
}

export async function changeFlow(app: FastifyInstance, ctx: AccessContext, flowId: string, body: UpdateFlowBody) {
  try {
    return await inTenant(app, ctx, async (tx) => {
      const row = await mustFindFlow(tx, ctx, flowId, true);
      const [before] = await toFlows(tx, ctx, [row]);
      const { journey } = await mustFindJourney(tx, ctx, row.flow.journeyId);
      const [type] = await mustFindTypes(tx, ctx, [body.user_type_id], 'user_type_id');
      const others = (await listFlows(tx, ctx.entityId, { journeyIds: [journey.id] })).filter(
        (f) => f.flow.id !== flowId,
      );
      const clash = others.find((f) => f.flow.userTypeId === body.user_type_id);
      if (clash) {
        throw new AppError('conflict', {
          field: 'user_type_id',
          messageKey: 'journey_user_type_in_journey',
          vars: { user_types: clash.userTypeName },
        });
      }
      assertOneWithoutRegistration(
        [...others.map((f) => ({ name: f.userTypeName, registrationMethod: f.registrationMethod })), type!],
        'user_type_id',
      );
      // Hosts the caller cannot see stay on the flow, as sites do on a journey.
      const scope = personInScope(ctx);
      const kept = scope ? (await hostsOfFlows(tx, ctx.entityId, [flowId], not(scope))).map((h) => h.id) : [];
      const settings = settingsOf(body);
      await checkFlow(tx, ctx, journey, settings, body, kept);
      await updateFlow(tx, ctx.entityId, flowId, { userTypeId: body.user_type_id, settings });
      await replaceFlowLinks(tx, ctx.entityId, flowId, {
        complianceIds: body.compliances,
        attendanceModeIds: body.attendance_mode_ids,
        hostIds: [...new Set([...body.host_ids, ...kept])],
      });
      await updateJourney(tx, ctx.entityId, journey.id, {});
      const [after] = await toFlows(tx, ctx, await listFlows(tx, ctx.entityId, { flowIds: [flowId] }));
      await writeAudit(tx, ctx, {
        action: 'journey_flow.update',
        targetType: 'journey_flow',
        targetId: flowId,
        before,
        after,
      });
      return after!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', { field: 'user_type_id', messageKey: 'journey_user_type_taken' });
    }
    throw error;
  }
}

export async function removeFlow(app: FastifyInstance, ctx: AccessContext, flowId: string) {
  await inTenant(app, ctx, async (tx) => {
    const row = await mustFindFlow(tx, ctx, flowId, true);
    const [before] = await toFlows(tx, ctx, [row]);
    await deleteFlow(tx, ctx.entityId, flowId);
    await updateJourney(tx, ctx.entityId, row.flow.journeyId, {});
    await writeAudit(tx, ctx, { action: 'journey_flow.delete', targetType: 'journey_flow', targetId: flowId, before });
  });
}

/**
 * The company's user types (the caller's) and whether each may get a flow in this journey: not when
 * it has one already (other than `exceptFlowId`), nor a second 'registration not required' type.
 */
export async function userTypeOptions(
  app: FastifyInstance,
  ctx: AccessContext,
  journeyId: string,
  exceptFlowId?: string,
): Promise<{ data: JourneyUserTypeOption[] }> {
  return inTenant(app, ctx, async (tx) => {
    await mustFindJourney(tx, ctx, journeyId);
    if (exceptFlowId) {
      const flow = await mustFindFlow(tx, ctx, exceptFlowId, false);
      if (flow.flow.journeyId !== journeyId) throw new AppError('not_found');
    }
    const flows = (await listFlows(tx, ctx.entityId, { journeyIds: [journeyId] })).filter(
      (f) => f.flow.id !== exceptFlowId,
    );
    const withoutRegistrationTaken = flows.some((f) => f.registrationMethod === REGISTRATION_NOT_REQUIRED);
    const types = await findUserTypes(tx, ctx.entityId, ctx.userTypeIds);
    return {
      data: types.map((t) => {
        const flowId = flows.find((f) => f.flow.userTypeId === t.id)?.flow.id ?? null;
        return {
          id: t.id,
          name: t.name,
          parent_id: t.parentId,
          registration_method: t.registrationMethod as RegistrationMethod,
          flow_id: flowId,
          blocked: flowId
            ? 'in_journey'
            : withoutRegistrationTaken && t.registrationMethod === REGISTRATION_NOT_REQUIRED
              ? 'registration_not_required_taken'
              : null,
        };
      }),
    };
  });
}

/** A flow's hosts and note (spec GET /hosts/{journeyId}?journey_flow_id); without a flow, every flow's hosts. */
export async function journeyHosts(
  app: FastifyInstance,
  ctx: AccessContext,
  journeyId: string,
  by: { flowId?: string; userTypeId?: string },
) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindJourney(tx, ctx, journeyId);
    const flows = await listFlows(tx, ctx.entityId, {
      journeyIds: [journeyId],
      flowIds: by.flowId ? [by.flowId] : undefined,
      userTypeId: by.userTypeId,
    });
    if ((by.flowId || by.userTypeId) && flows.length === 0) throw new AppError('not_found');
    const rows = await hostsOfFlows(
      tx,
      ctx.entityId,
      flows.map((f) => f.flow.id),
      personInScope(ctx),
    );
    const seen = new Set<string>();
    const hosts = rows.filter((h) => !seen.has(h.id) && Boolean(seen.add(h.id)));
    return {
      hosts: hosts.map((h) => ({ id: h.id, full_name: fullName(h), email: h.email })),
      note: flows.length === 1 ? readFlowSettings(flows[0]!.flow.settings).host_note : null,
    };
  });
}

export async function journeyAttendanceModes(app: FastifyInstance, ctx: AccessContext, journeyId: string) {
  return inTenant(app, ctx, async (tx) => {
    await mustFindJourney(tx, ctx, journeyId);
    const modes = await attendanceModesForJourney(tx, ctx.entityId, journeyId, ctx.siteIds);
    return {
      data: modes.map((m) => ({
        id: m.id,
        name: m.name,
        days: m.days,
        start_time: m.startTime.slice(0, 5),
        end_time: m.endTime.slice(0, 5),
      })),
    };
  });
}

/** Spec sites_userTypes_flow: the user types that have a flow in a journey of these sites (the caller's). */
export async function flowsOfSites(app: FastifyInstance, ctx: AccessContext, siteIds: string[]) {
  const visible = siteIds.filter((id) => siteInScope(ctx, id));
  return inTenant(app, ctx, async (tx) => {
    const rows = visible.length ? await flowsAtSites(tx, ctx.entityId, visible) : [];
    const byFlow = new Map<
      string,
      {
        flow_id: string;
        journey_id: string;
        journey_name: string;
        user_type_id: string;
        user_type_name: string;
        site_ids: string[];
      }
    >();
    for (const r of rows) {
      const entry = byFlow.get(r.flowId);
      if (entry) entry.site_ids.push(r.siteId);
      else
        byFlow.set(r.flowId, {
          flow_id: r.flowId,
          journey_id: r.journeyId,
          journey_name: r.journeyName,
          user_type_id: r.userTypeId,
          user_type_name: r.userTypeName,
          site_ids: [r.siteId],
        });
    }
    return { data: [...byFlow.values()] };
  });
}

// ── kiosks ──────────────────────────────────────────────────────────────────────────────────────

const toKiosk = (k: Awaited<ReturnType<typeof kiosksAtSites>>[number], now: number): JourneyKiosk => ({
  id: k.id,
  name: k.name,
  site_id: k.siteId,
  site_name: k.siteName,
  area_id: k.areaId,
  area_name: k.areaName,
  journey: k.journeyId && k.journeyName !== null ? { id: k.journeyId, name: k.journeyName } : null,
  online: k.lastSeenAt !== null && now - k.lastSeenAt.getTime() <= KIOSK_ONLINE_WINDOW_MS,
});

/** The kiosks at the journey's sites (the caller's), each with the journey it runs now. */
export async function journeyKiosks(app: FastifyInstance, ctx: AccessContext, journeyId: string) {
  return inTenant(app, ctx, async (tx) => {
    const journey = await readJourney(tx, ctx, journeyId);
    const siteIds = journey.sites.filter((s) => !s.locked).map((s) => s.id);
    const now = Date.now();
    return { data: (await kiosksAtSites(tx, ctx.entityId, siteIds)).map((k) => toKiosk(k, now)) };
  });
}

/** Moves kiosks to this journey (spec change_journey_for_kiosk); each must stand at one of its sites. */
export async function assignKiosks(app: FastifyInstance, ctx: AccessContext, journeyId: string, kioskIds: string[]) {
  return inTenant(app, ctx, async (tx) => {
    const journey = await readJourney(tx, ctx, journeyId);
    const found = await findKiosksByIds(tx, ctx.entityId, ctx.siteIds, kioskIds);
    if (found.length !== kioskIds.length)
      throw new AppError('not_found', { field: 'kiosk_ids', messageKey: 'not_found' });
    const elsewhere = found.filter((k) => !journey.sites.some((s) => s.id === k.siteId));
    if (elsewhere.length) {
      throw new AppError('rule_violation', {
        field: 'kiosk_ids',
        messageKey: 'journey_kiosk_site',
        vars: { kiosks: names(elsewhere), journey: journey.name },
      });
    }
    const moving = found.filter((k) => k.journeyId !== journeyId);
    await setKioskJourney(
      tx,
      ctx.entityId,
      moving.map((k) => k.id),
      journeyId,
    );
    await writeAudits(
      tx,
      ctx,
      moving.map((k) => ({
        action: 'kiosk.journey',
        targetType: 'kiosk',
        targetId: k.id,
        before: { journey_id: k.journeyId },
        after: { journey_id: journeyId },
      })),
    );
    const now = Date.now();
    return { data: (await findKiosksByIds(tx, ctx.entityId, ctx.siteIds, kioskIds)).map((k) => toKiosk(k, now)) };
  });
}

/** The kiosk stops running this journey (it runs none until given another). */
export async function releaseKiosk(app: FastifyInstance, ctx: AccessContext, journeyId: string, kioskId: string) {
  await inTenant(app, ctx, async (tx) => {
    await mustFindJourney(tx, ctx, journeyId);
    const [kiosk] = await findKiosksByIds(tx, ctx.entityId, ctx.siteIds, [kioskId]);
    if (!kiosk || kiosk.journeyId !== journeyId) throw new AppError('not_found');
    await setKioskJourney(tx, ctx.entityId, [kioskId], null);
    await writeAudit(tx, ctx, {
      action: 'kiosk.journey',
      targetType: 'kiosk',
      targetId: kioskId,
      before: { journey_id: journeyId },
      after: { journey_id: null },
    });
  });
}
