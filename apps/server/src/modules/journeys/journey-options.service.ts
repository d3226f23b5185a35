// What a journey's forms offer: the user types that may get a flow, the hosts and attendance modes a
// flow may name, and the flows of some sites (spec §3 Journey, §5).
import type { FastifyInstance } from 'fastify';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import type { JourneyUserTypeOption } from '@app/shared/journeys/schemas';
import type { RegistrationMethod } from '@app/shared/user-types/schemas';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { personInScope } from '../people/person-scope';
import { fullName } from '../people/person-view';
import { attendanceModesForJourney, findUserTypes, flowsAtSites, hostsOfFlows, listFlows } from './journeys.repository';
import { inTenant } from '../access/in-tenant';
import { REGISTRATION_NOT_REQUIRED, mustFindJourney, siteInScope } from './journey-lookup';
import { mustFindFlow } from './flows.service';

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
