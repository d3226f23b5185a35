// Journeys (spec §3 Journey, §4 touch mode, §6 admin scope). A journey applies to sites; each user
// type going through it has one flow (flows.service.ts). Admins limited to some sites act only on
// journeys of those sites and never drop the sites they cannot see.
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@app/shared/constants';
import { readFlowSettings } from '@app/shared/journeys/flow-settings';
import type { JourneyBody, ListJourneysQuery, TouchModeConfirmation } from '@app/shared/journeys/schemas';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { checkImage } from '../../lib/images';
import { randomToken } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import {
  deleteJourney,
  findSitesByIds,
  insertJourney,
  isJourneyNameTaken,
  kiosksRunning,
  listFlows,
  listJourneys,
  replaceJourneySites,
  updateJourney,
} from './journeys.repository';
import { inTenant } from '../access/in-tenant';
import { logoUrl, mustFindJourney, names, readJourney, siteInScope, toJourneys } from './journey-lookup';
import { isUniqueViolation } from '../../lib/unique-violation';

const nameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'journey_name_taken' });
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
