// A journey's flows: one per user type going through it (spec §3 Journey, §5 "User types and
// journeys"), with its settings and the hosts, compliances and attendance modes it names.
import type { FastifyInstance } from 'fastify';
import { not } from 'drizzle-orm';
import { complianceFlags, readFlowSettings, type FlowSettings } from '@app/shared/journeys/flow-settings';
import type { CreateFlowsBody, Flow, UpdateFlowBody } from '@app/shared/journeys/schemas';
import type { RegistrationMethod } from '@app/shared/user-types/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
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
  findCompliances,
  findUserTypes,
  hostsOfFlows,
  insertFlows,
  listFlows,
  replaceFlowLinks,
  updateFlow,
  updateJourney,
  type FlowWithRefs,
  type JourneyWithCounts,
} from './journeys.repository';
import { inTenant } from '../access/in-tenant';
import { REGISTRATION_NOT_REQUIRED, mustFindJourney, names } from './journey-lookup';
import { isUniqueViolation } from '../../lib/unique-violation';

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
export async function mustFindFlow(tx: Executor, ctx: AccessContext, flowId: string, forChange: boolean) {
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
