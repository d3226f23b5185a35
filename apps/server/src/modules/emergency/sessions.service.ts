// Emergency sessions (spec §3 Emergency, §4 Emergency session, §6, §7 "Emergency"; decision 031):
// starting one over areas with its roll taken at once, reading them as the reader may, and ending one.
import type { FastifyInstance } from 'fastify';
import type { Language } from '@app/shared/constants';
import type {
  AreasWithSession,
  SessionDetail,
  SessionPermissions,
  SessionStats,
  SessionSummary,
  SessionsList,
  SessionsQuery,
  StartSession,
} from '@app/shared/emergency/schemas';
import { rowsOf, type Executor } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { areasBlockingEnd, assertEmergencyAllowed, mayJoinSession } from './emergency-access';
import { knownAreas, knownSites } from './emergency-list.repository';
import { sendEvacuationMails } from './evacuation-mails';
import { pongEndSessionDiffAdmin, pongStartSessionDiffAdmin } from './session-events';
import { momentOf } from './roll-view';
import { readRoll, readSession, toSummaries } from './session-view';
import {
  endSessionRow,
  findActiveSessions,
  findAreasInRunningSessions,
  findAreasToCover,
  findAreasWithSession,
  findSessionAreasOnSite,
  findSessionSites,
  findSessionState,
  findSessionStats,
  findSessionsPage,
  insertRoll,
  insertSession,
  lockSessionStarts,
  lockVisitsOnSite,
  type AreaPlace,
} from './sessions.repository';
import { queueWebhook } from '../webhooks/webhook-outbox';
import { emergencyData } from '../webhooks/webhook-payloads';

const SORT = 'emergency_sessions.started_at';

// --- Reading ----------------------------------------------------------------------------------------

/** Past and running sessions the reader may join, newest first, by page or keyset cursor. */
export async function listSessions(app: FastifyInstance, ctx: AccessContext, q: SessionsQuery): Promise<SessionsList> {
  assertEmergencyAllowed(ctx);
  const limit = Number(q.limit ?? 20);
  const page = Number(q.page ?? 1);
  const after = q.cursor ? decodeCursor(q.cursor, SORT, 2) : null;
  return inTenant(app, ctx, async (tx) => {
    const found = await findSessionsPage(tx, ctx.entityId, ctx.siteIds, {
      status: q.status,
      drill: q.drill === undefined ? undefined : q.drill === 'true',
      search: q.search || undefined,
      limit,
      offset: after ? 0 : (page - 1) * limit,
      after,
    });
    const rows = found.rows.slice(0, limit);
    const last = rows.at(-1);
    return {
      data: await toSummaries(tx, ctx, rows),
      count: found.count,
      count_capped: found.capped,
      next_cursor: found.rows.length > limit && last ? encodeCursor(SORT, [last.started_at, last.id]) : null,
    };
  });
}

/** The running sessions the reader may join (check_active_sessions). */
export async function activeSessions(app: FastifyInstance, ctx: AccessContext): Promise<{ data: SessionSummary[] }> {
  assertEmergencyAllowed(ctx);
  return inTenant(app, ctx, async (tx) => ({
    data: await toSummaries(tx, ctx, await findActiveSessions(tx, ctx.entityId, ctx.siteIds)),
  }));
}

/** The areas of the reader's sites that running sessions cover (areas_with_session). */
export async function areasWithSession(app: FastifyInstance, ctx: AccessContext): Promise<AreasWithSession> {
  assertEmergencyAllowed(ctx);
  return inTenant(app, ctx, async (tx) => ({ areas: await findAreasWithSession(tx, ctx.entityId, ctx.siteIds) }));
}

const median = (sorted: readonly number[]): number | null => {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
};

/** Drills and real emergencies counted apart (an inspector's drill history). */
export async function sessionStats(app: FastifyInstance, ctx: AccessContext): Promise<SessionStats> {
  assertEmergencyAllowed(ctx);
  const rows = await inTenant(app, ctx, (tx) => findSessionStats(tx, ctx.entityId, ctx.siteIds));
  const zone = companyZone(ctx);
  const of = (drill: boolean) => {
    const row = rows.find((r) => r.is_drill === drill);
    return {
      count: row?.n ?? 0,
      last_at: row?.last_at ? momentOf(row.last_at, zone) : null,
      median_minutes_to_all: median((row?.minutes ?? []).map(Number)),
    };
  };
  return { drills: of(true), emergencies: of(false) };
}

/** One session and the part of its roll the reader may see; 404 unless they may join it. */
export async function getSession(app: FastifyInstance, ctx: AccessContext, sessionId: string): Promise<SessionDetail> {
  assertEmergencyAllowed(ctx);
  return inTenant(app, ctx, async (tx) => ({
    session: await readSession(tx, ctx, sessionId),
    roll: await readRoll(tx, ctx, sessionId),
  }));
}

/** The areas that stop the reader ending a session: outside their sites, with people signed in. */
async function blockingAreas(tx: Executor, ctx: AccessContext, sessionId: string) {
  return areasBlockingEnd(ctx, await findSessionAreasOnSite(tx, ctx.entityId, sessionId)).map((a) => ({
    id: a.id,
    name: a.name,
  }));
}

/**
 * Whether the reader may join a session and end it (check_have_premissions_to_emergency_session and
 * ..._end_session), and what stops them ending it. Another company's or an unknown session is 404.
 */
export async function sessionPermissions(
  app: FastifyInstance,
  ctx: AccessContext,
  sessionId: string,
): Promise<SessionPermissions> {
  assertEmergencyAllowed(ctx);
  return inTenant(app, ctx, async (tx) => {
    const state = await findSessionState(tx, ctx.entityId, sessionId);
    if (!state) throw new AppError('not_found');
    const join = mayJoinSession(ctx, await findSessionSites(tx, ctx.entityId, sessionId));
    if (!join) return { join: false, end: false, end_blocked_by: [] };
    const blocked = await blockingAreas(tx, ctx, sessionId);
    return { join, end: !state.ended && blocked.length === 0, end_blocked_by: blocked };
  });
}

// --- Starting ---------------------------------------------------------------------------------------

export type StartPlan = {
  name: string;
  isDrill: boolean;
  highlightAfterMinutes: number;
  origin: 'dashboard' | 'kiosk';
  kiosk: { id: string; name: string } | null;
};

type Started = { summary: SessionSummary; detail: SessionDetail | null; tokens: Map<string, string> };

/**
 * In the caller's transaction (starts locked): the session over `areas`, its areas, its roll from the
 * visits on site there, an audit row. Refused 409 naming the areas already in a running session.
 */
async function startOver(
  tx: Executor,
  ctx: AccessContext,
  plan: StartPlan,
  areas: readonly AreaPlace[],
  by: { userId: string | null; name: string | null },
): Promise<{ sessionId: string; tokens: Map<string, string>; rollSize: number }> {
  const areaIds = areas.map((a) => a.area_id);
  const taken = await findAreasInRunningSessions(tx, ctx.entityId, areaIds);
  if (taken.length > 0) {
    throw new AppError('conflict', {
      field: 'area_ids',
      messageKey: 'emergency_area_in_session',
      vars: { areas: [...new Set(taken.map((a) => a.area_name))].join(', ') },
    });
  }
  const sessionId = newId();
  const { startedAt } = await insertSession(
    tx,
    ctx.entityId,
    {
      id: sessionId,
      name: plan.name,
      isDrill: plan.isDrill,
      origin: plan.origin,
      kioskId: plan.kiosk?.id ?? null,
      kioskName: plan.kiosk?.name ?? null,
      startedByUserId: by.userId,
      startedByName: by.name,
      highlightAfterMinutes: plan.highlightAfterMinutes,
    },
    areas,
  );
  const onSite = await lockVisitsOnSite(tx, ctx.entityId, areaIds);
  const tokens = new Map<string, string>();
  const entries = onSite.map((v) => {
    const id = newId();
    let tokenHash: string | null = null;
    if (v.email) {
      const token = randomToken(32);
      tokens.set(id, token);
      tokenHash = sha256(token);
    }
    return { id, visitId: v.visit_id, tokenHash };
  });
  const rollSize = await insertRoll(tx, ctx.entityId, sessionId, startedAt, entries);
  await writeAudit(tx, ctx, {
    action: 'emergency.session_start',
    targetType: 'emergency_session',
    targetId: sessionId,
    after: {
      name: plan.name,
      is_drill: plan.isDrill,
      origin: plan.origin,
      kiosk_id: plan.kiosk?.id ?? null,
      area_ids: areaIds,
      highlight_after_minutes: plan.highlightAfterMinutes,
      roll: rollSize,
    },
  });
  return { sessionId, tokens, rollSize };
}

/** What happens once a start committed: the others' screens, lists, and the evacuation mails. */
function announceStart(
  app: FastifyInstance,
  ctx: AccessContext,
  summary: SessionSummary,
  tokens: Map<string, string>,
  by: { userId: string | null; email: string; fullName: string },
  lang: Language,
) {
  pongStartSessionDiffAdmin(
    app,
    ctx.entityId,
    { id: summary.id, name: summary.name, siteIds: summary.sites.map((s) => s.id) },
    by,
  );
  sendEvacuationMails(app, {
    entityId: ctx.entityId,
    companyName: ctx.entity.name,
    sessionId: summary.id,
    isDrill: summary.is_drill,
    tokens,
    lang,
  });
}

const userOf = (ctx: AccessContext) =>
  ctx.actor.kind === 'user' ? { userId: ctx.actor.userId, name: ctx.actor.personName } : { userId: null, name: null };

async function userEmail(tx: Executor, userId: string | null): Promise<string> {
  if (!userId) return '';
  const [row] = rowsOf<{ email: string }>(await tx.execute(sql`select email from users where id = ${userId}`));
  return row?.email ?? '';
}

/** A warden starts a session (start_emergency) over sites and areas, or all of theirs. */
export async function startSession(
  app: FastifyInstance,
  ctx: AccessContext,
  body: StartSession,
  lang: Language,
): Promise<SessionDetail> {
  assertEmergencyAllowed(ctx);
  const siteIds = [...new Set(body.site_ids)];
  const areaIds = [...new Set(body.area_ids)];
  const by = userOf(ctx);
  const started = await inTenant(app, ctx, async (tx): Promise<Started & { email: string }> => {
    const sites = await knownSites(tx, ctx.entityId, ctx.siteIds, siteIds);
    if (sites.size < siteIds.length) {
      throw new AppError('validation_failed', { field: 'site_ids', messageKey: 'emergency_unknown_site' });
    }
    const known = await knownAreas(tx, ctx.entityId, ctx.siteIds, areaIds);
    if (known.size < areaIds.length) {
      throw new AppError('validation_failed', { field: 'area_ids', messageKey: 'emergency_unknown_area' });
    }
    await lockSessionStarts(tx, ctx.entityId);
    const areas = await findAreasToCover(tx, ctx.entityId, ctx.siteIds, {
      everything: siteIds.length === 0 && areaIds.length === 0,
      siteIds,
      areaIds,
    });
    if (areas.length === 0)
      throw new AppError('rule_violation', { field: 'area_ids', messageKey: 'emergency_no_areas' });
    const { sessionId, tokens } = await startOver(
      tx,
      ctx,
      {
        name: body.name,
        isDrill: body.is_drill,
        highlightAfterMinutes: body.highlight_after_minutes,
        origin: 'dashboard',
        kiosk: null,
      },
      areas,
      by,
    );
    const summary = await readSession(tx, ctx, sessionId);
    await queueWebhook(tx, ctx.entityId, 'emergency.started', emergencyData(summary));
    const detail = { session: summary, roll: await readRoll(tx, ctx, sessionId) };
    return { summary, detail, tokens, email: await userEmail(tx, by.userId) };
  });
  announceStart(
    app,
    ctx,
    started.summary,
    started.tokens,
    { userId: by.userId, email: started.email, fullName: by.name ?? '' },
    lang,
  );
  return started.detail!;
}

/**
 * A kiosk's fire alarm: a session over the kiosk's area, unless a running session covers it already
 * (then that one is the answer). `ctx` acts as the kiosk, at its site.
 */
export async function startKioskSession(
  app: FastifyInstance,
  ctx: AccessContext,
  kiosk: { id: string; name: string; areaId: string },
  name: string,
  lang: Language,
): Promise<{ session: SessionSummary; started: boolean }> {
  const result = await inTenant(app, ctx, async (tx) => {
    await lockSessionStarts(tx, ctx.entityId);
    const [running] = await findAreasInRunningSessions(tx, ctx.entityId, [kiosk.areaId]);
    // The kiosk reads as a member of its own site: the running session covers its area, so it may.
    if (running) return { summary: await readSession(tx, ctx, running.session_id), tokens: null };
    const areas = await findAreasToCover(tx, ctx.entityId, null, {
      everything: false,
      siteIds: [],
      areaIds: [kiosk.areaId],
    });
    const { sessionId, tokens } = await startOver(
      tx,
      ctx,
      { name, isDrill: false, highlightAfterMinutes: 5, origin: 'kiosk', kiosk: { id: kiosk.id, name: kiosk.name } },
      areas,
      { userId: null, name: null },
    );
    const summary = await readSession(tx, ctx, sessionId);
    await queueWebhook(tx, ctx.entityId, 'emergency.started', emergencyData(summary));
    return { summary, tokens };
  });
  if (!result.tokens) return { session: result.summary, started: false };
  announceStart(app, ctx, result.summary, result.tokens, { userId: null, email: '', fullName: kiosk.name }, lang);
  return { session: result.summary, started: true };
}

// --- Ending -----------------------------------------------------------------------------------------

/** A warden ends a session (end_emergency), unless areas they cannot access still have people in. */
export async function endSession(app: FastifyInstance, ctx: AccessContext, sessionId: string): Promise<SessionSummary> {
  assertEmergencyAllowed(ctx);
  const by = userOf(ctx);
  const ended = await inTenant(app, ctx, async (tx) => {
    const state = await findSessionState(tx, ctx.entityId, sessionId, true);
    if (!state) throw new AppError('not_found');
    const before = await readSession(tx, ctx, sessionId);
    if (state.ended) throw new AppError('conflict', { messageKey: 'emergency_already_ended', field: 'id' });
    const blocked = await blockingAreas(tx, ctx, sessionId);
    if (blocked.length > 0) {
      throw new AppError('rule_violation', {
        field: 'areas',
        messageKey: 'emergency_end_blocked',
        vars: { areas: blocked.map((a) => a.name).join(', ') },
      });
    }
    await endSessionRow(tx, ctx.entityId, sessionId, by);
    await writeAudit(tx, ctx, {
      action: 'emergency.session_end',
      targetType: 'emergency_session',
      targetId: sessionId,
      before: { status: 'active', counts: before.counts },
      after: { status: 'ended' },
    });
    const summary = await readSession(tx, ctx, sessionId);
    await queueWebhook(tx, ctx.entityId, 'emergency.ended', emergencyData(summary));
    return summary;
  });
  pongEndSessionDiffAdmin(
    app,
    ctx.entityId,
    { id: ended.id, name: ended.name, siteIds: ended.sites.map((s) => s.id) },
    { userId: by.userId, name: by.name ?? '' },
  );
  return ended;
}
