import type { FastifyInstance } from 'fastify';
import { entityAllRoom, entityTopicRoom } from '@app/shared/realtime/events';
import type { VisitAction } from '@app/shared/visits/stages';
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

const ROWS_WINDOW_MS = 25;
const COUNTS_EVERY_MS = 250;

type Changed = { id: string; areaId: string };
type Batch = { byAction: Map<VisitAction, Map<string, string>>; timer: NodeJS.Timeout };
type CountsState = { timer: NodeJS.Timeout | null; again: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    liveFeed: LiveFeed;
  }
}

export type LiveFeed = {
  /** Visits changed in a company (after their transaction committed). */
  visitsChanged: (entityId: string, action: VisitAction, changed: readonly Changed[]) => void;
  /** Sends what is still gathered, now (tests, shutdown). */
  flush: () => Promise<void>;
  close: () => void;
};

const idsOf = (action: VisitAction, changed: Map<string, string>) => ({
  action,
  visit_ids: [...changed.keys()],
  area_ids: [...new Set(changed.values())],
});

export function createLiveFeed(app: FastifyInstance): LiveFeed {
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
    app.realtime.toRoom(entityAllRoom(entityId), 'dashboardCounts', dashboard);
    if (occupancy) app.realtime.toRoom(entityAllRoom(entityId), 'occupancy', occupancy);
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
      app.realtime.toRoom(entityTopicRoom(entityId, 'visits'), 'updateVisits', idsOf(action, changed));
  }

  async function sendBatch(entityId: string, byAction: Map<VisitAction, Map<string, string>>) {
    if (!app.realtime.mayHaveListeners(entityAllRoom(entityId))) {
      // Nobody sees the whole company now: no rows or counts to read, ids to the rest.
      sendIds(entityId, byAction);
      return;
    }
    const ids = [...new Set([...byAction.values()].flatMap((m) => [...m.keys()]))];
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
      app.realtime.toRoom(entityTopicRoom(entityId, 'visits'), 'updateVisits', payload, entityAllRoom(entityId));
      app.realtime.toRoom(entityAllRoom(entityId), 'updateVisits', {
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

  return {
    visitsChanged(entityId, action, changed) {
      if (changed.length === 0 || closed) return;
      let batch = batches.get(entityId);
      if (!batch) {
        batch = { byAction: new Map(), timer: setTimeout(() => flushEntity(entityId), ROWS_WINDOW_MS) };
        batches.set(entityId, batch);
      }
      let ofAction = batch.byAction.get(action);
      if (!ofAction) batch.byAction.set(action, (ofAction = new Map<string, string>()));
      for (const v of changed) ofAction.set(v.id, v.areaId);
    },
    async flush() {
      for (const entityId of [...batches.keys()]) flushEntity(entityId);
      while (running.size > 0) await Promise.all([...running]);
    },
    close() {
      closed = true;
      for (const batch of batches.values()) clearTimeout(batch.timer);
      batches.clear();
      for (const state of counts.values()) if (state.timer) clearTimeout(state.timer);
      counts.clear();
    },
  };
}
