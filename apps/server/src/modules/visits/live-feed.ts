import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { entityAllRoom, entityTopicRoom } from '@app/shared/realtime/events';
import { VISIT_ACTIONS, type VisitAction } from '@app/shared/visits/stages';
import { withTenant } from '../../db/client';
import { findEntity } from '../access/access.repository';
import { safeTimeZone } from '@app/shared/time-zones';
import { companyHasLimits } from '../capacity/capacity.repository';
import { occupancyOf } from '../capacity/capacity.service';
import { dashboardOf } from './dashboard';
import { findVisitRows } from './visits.repository';
import { toVisits } from './visit-view';

// What open dashboards are told when visits change (decision 023), so a sign-in shows on a hundred
// screens within a moment without each of them reading the logbook again:
// - Browsers whose member sees the whole company (the `entity:<id>:all` room) get the changed rows as
//   the logbook shows them, and the company's counts for today: they patch what they show.
// - Browsers of members limited to some sites or user types get the ids only, and read again what
//   their scope lets them see (coalesced in the browser).
// - Browsers of members whose permissions show no visits (no dashboard, no emergency list) get nothing:
//   both rooms are joined by permission (`plugins/realtime-rooms.ts`).
// Changes are gathered for ROWS_WINDOW_MS, so a burst of sign-ins costs one read of its rows, and the
// counts are computed at most once per COUNTS_EVERY_MS per company, however many visits change; and
// neither is read while nobody is there to be sent them.
//
// What changed is told by the database (decision 056): a trigger on `visits` raises a notice at commit
// ("<entity> <visit> <area> <action>", channel `visits_changed`), which PostgreSQL delivers to every app
// node. Each node sends to its own sockets only, so a change made by any node or job reaches every
// dashboard even when the node that made it dies right after its commit. When this node's listening
// connection drops, notices may be missed: once it listens again, its sockets in a company are closed,
// and the browsers reconnect and read again what they show (the web app's resync).

const ROWS_WINDOW_MS = 25;
const COUNTS_EVERY_MS = 250;
/** A burst larger than this is sent as ids: each browser reads again what it shows. */
const MAX_ROWS_SENT = 200;
/** How long `flush` waits for its own notice to come back through the listening connection. */
const SYNC_TIMEOUT_MS = 5_000;
export const VISITS_CHANGED_CHANNEL = 'visits_changed';

type Changed = { id: string; areaId: string };
type Batch = { byAction: Map<VisitAction, Map<string, string>>; timer: NodeJS.Timeout };
type CountsState = { timer: NodeJS.Timeout | null; again: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    liveFeed: LiveFeed;
  }
}

export type LiveFeed = {
  /** Starts listening to the database's notices of changed visits. */
  start: () => Promise<void>;
  /** A notice's payload, "<entity> <visit> <area> <action>" (see the migration 0059_visits_live_notice). */
  heard: (payload: string) => void;
  /**
   * Sends, now, what was committed before the call (tests, shutdown): waits for a notice of its own,
   * which the database delivers after every earlier commit's, then sends what is gathered.
   */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

const ACTIONS = new Set<string>(VISIT_ACTIONS);

/** The parts of a notice; null for anything else (a flush's own notice, a malformed one). */
export function parseVisitNotice(payload: string): { entityId: string; action: VisitAction; changed: Changed } | null {
  const [entityId, id, areaId, action, extra] = payload.split(' ');
  if (!entityId || !id || !areaId || !action || extra !== undefined || !ACTIONS.has(action)) return null;
  return { entityId, action: action as VisitAction, changed: { id, areaId } };
}

const idsOf = (action: VisitAction, changed: Map<string, string>) => ({
  action,
  visit_ids: [...changed.keys()],
  area_ids: [...new Set(changed.values())],
});

export type LiveFeedOptions = {
  /** Visits signed out, as heard (every node hears every one): the emergency rolls' watchers are told. */
  signedOut?: (entityId: string, visitIds: readonly string[]) => void;
};

export function createLiveFeed(app: FastifyInstance, options: LiveFeedOptions = {}): LiveFeed {
  const batches = new Map<string, Batch>();
  const counts = new Map<string, CountsState>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  async function sendCounts(entityId: string) {
    const entity = await findEntity(app.db.db, entityId);
    if (!entity) return;
    const { dashboard, occupancy } = await withTenant(app.db.db, entityId, async (tx) => ({
      dashboard: await dashboardOf(tx, entityId, entity.timezone, undefined, {}),
      // Occupancy against limits (decision 054), when the company set any.
      occupancy: (await companyHasLimits(tx, entityId))
        ? await occupancyOf(tx, entityId, safeTimeZone(entity.timezone), null)
        : null,
    }));
    app.realtime.toLocalRoom(entityAllRoom(entityId), 'dashboardCounts', dashboard);
    if (occupancy) app.realtime.toLocalRoom(entityAllRoom(entityId), 'occupancy', occupancy);
  }

  /** Leading and trailing: the first change is counted at once, the rest of a burst once after it. */
  function scheduleCounts(entityId: string) {
    const state = counts.get(entityId);
    if (state?.timer) {
      state.again = true;
      return;
    }
    const next: CountsState = { timer: null, again: false };
    counts.set(entityId, next);
    const run = () => {
      track(sendCounts(entityId).catch((err: unknown) => app.log.error({ err, entityId }, 'live counts failed')));
      next.timer = setTimeout(() => {
        next.timer = null;
        if (next.again && !closed) {
          next.again = false;
          counts.delete(entityId);
          scheduleCounts(entityId);
        } else counts.delete(entityId);
      }, COUNTS_EVERY_MS);
    };
    run();
  }

  /** The changes without their rows, to the browsers of members who see visits (they read again what they show). */
  function sendIds(entityId: string, byAction: Map<VisitAction, Map<string, string>>) {
    for (const [action, changed] of byAction)
      app.realtime.toLocalRoom(entityTopicRoom(entityId, 'visits'), 'updateVisits', idsOf(action, changed));
  }

  async function sendBatch(entityId: string, byAction: Map<VisitAction, Map<string, string>>) {
    const here = (room: string) => app.realtime.hasLocalListeners(room);
    if (!here(entityTopicRoom(entityId, 'visits')) && !here(entityAllRoom(entityId))) return;
    const ids = [...new Set([...byAction.values()].flatMap((m) => [...m.keys()]))];
    if (!here(entityAllRoom(entityId)) || ids.length > MAX_ROWS_SENT) {
      // Nobody here sees the whole company now, or the burst is too large to send as rows: ids to
      // everyone, who read again what they show; counts to those who see the whole company.
      sendIds(entityId, byAction);
      if (here(entityAllRoom(entityId))) scheduleCounts(entityId);
      return;
    }
    const entity = await findEntity(app.db.db, entityId);
    const { visits, createdIds } = entity
      ? await withTenant(app.db.db, entityId, async (tx) => {
          const rows = await findVisitRows(tx, entityId, undefined, ids);
          return {
            // Whether the viewer may change a visit is theirs to work out (created_by, hosts).
            visits: await toVisits(tx, entityId, entity.timezone, rows, { all: false, personId: null }),
            // Made by this change: written once, in one transaction, so both times are the same.
            createdIds: new Set(
              rows.filter((r) => r.visit.createdAt.getTime() === r.visit.updatedAt.getTime()).map((r) => r.visit.id),
            ),
          };
        })
      : { visits: [], createdIds: new Set<string>() };
    for (const [action, changed] of byAction) {
      const payload = idsOf(action, changed);
      app.realtime.toLocalRoom(entityTopicRoom(entityId, 'visits'), 'updateVisits', payload, entityAllRoom(entityId));
      app.realtime.toLocalRoom(entityAllRoom(entityId), 'updateVisits', {
        ...payload,
        visits: visits.filter((v) => changed.has(v.id)),
        created_ids: payload.visit_ids.filter((id) => createdIds.has(id)),
      });
    }
    scheduleCounts(entityId);
  }

  function flushEntity(entityId: string) {
    const batch = batches.get(entityId);
    if (!batch) return;
    batches.delete(entityId);
    clearTimeout(batch.timer);
    track(
      sendBatch(entityId, batch.byAction).catch((err: unknown) => {
        app.log.error({ err, entityId }, 'live visits failed');
        // The rows could not be read: every browser reads again what it shows.
        sendIds(entityId, batch.byAction);
      }),
    );
  }

  function visitsChanged(entityId: string, action: VisitAction, changed: Changed) {
    if (closed) return;
    let batch = batches.get(entityId);
    if (!batch) {
      batch = { byAction: new Map(), timer: setTimeout(() => flushEntity(entityId), ROWS_WINDOW_MS) };
      batches.set(entityId, batch);
    }
    let ofAction = batch.byAction.get(action);
    if (!ofAction) batch.byAction.set(action, (ofAction = new Map<string, string>()));
    ofAction.set(changed.id, changed.areaId);
  }

  const syncs = new Map<string, () => void>();
  let lost = false;
  let stop: (() => Promise<void>) | null = null;

  const feed: LiveFeed = {
    async start() {
      stop = await app.db.listen(VISITS_CHANGED_CHANNEL, {
        notice: (payload) => {
          if (payload.startsWith('sync ')) syncs.get(payload.slice(5))?.();
          else feed.heard(payload);
        },
        lost: () => {
          lost = true;
        },
        ready: () => {
          if (!lost) return;
          lost = false;
          // Changes may have been missed: the browsers here reconnect and read everything again.
          app.realtime.resyncLocalSockets();
        },
      });
    },
    heard(payload) {
      const notice = parseVisitNotice(payload);
      if (!notice) return;
      visitsChanged(notice.entityId, notice.action, notice.changed);
      if (notice.action === 'signed_out') options.signedOut?.(notice.entityId, [notice.changed.id]);
    },
    async flush() {
      if (stop && !closed) {
        const token = randomUUID();
        let timer: NodeJS.Timeout | undefined;
        const heard = new Promise<void>((resolve) => {
          syncs.set(token, resolve);
          timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
        });
        const sent = await app.db
          .query('select pg_notify($1, $2)', [VISITS_CHANGED_CHANNEL, `sync ${token}`])
          .then(() => true)
          .catch(() => false);
        if (sent) await heard;
        clearTimeout(timer);
        syncs.delete(token);
      }
      for (const entityId of [...batches.keys()]) flushEntity(entityId);
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      closed = true;
      for (const batch of batches.values()) clearTimeout(batch.timer);
      batches.clear();
      for (const state of counts.values()) if (state.timer) clearTimeout(state.timer);
      counts.clear();
      for (const heard of syncs.values()) heard();
      await stop?.();
    },
  };
  return feed;
}
