// Signing out during a session makes a person `out` on its roll: the trigger on visits does it in the
// sign-out's own transaction, whatever signed them out (migration 0035). This tells the session's
// watchers: told of each sign-out by the database's notice at its commit (the visits' live feed,
// live-feed.ts, decision 056), on every node, it reads the entries those visits have on running
// sessions' rolls and sends them to this node's own sockets. So a sign-out reaches every warden even
// when the node that made it dies at once, and each warden hears it once, from their own node.
// Sign-outs are gathered for a moment per company, so a burst (an area's mode change, midnight
// sign-out) costs one read; nothing is read for a company with nobody watching its emergencies here.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, sqlArray, withTenant } from '../../db/client';
import { entityEmergencyRoom } from '@app/shared/realtime/events';
import { findEntity } from '../access/access.repository';
import { sendRollChanges } from './session-events';
import { readRoll } from './session-view';

const WINDOW_MS = 20;

declare module 'fastify' {
  interface FastifyInstance {
    emergencyFeed: EmergencyFeed;
  }
}

export type EmergencyFeed = {
  /** Visits that left (heard from the database once their transaction committed). */
  visitsLeft: (entityId: string, visitIds: readonly string[]) => void;
  /** Sends what is gathered, now (tests, shutdown). */
  flush: () => Promise<void>;
  close: () => void;
};

export function createEmergencyFeed(app: FastifyInstance): EmergencyFeed {
  const gathered = new Map<string, { ids: Set<string>; timer: NodeJS.Timeout }>();
  const running = new Set<Promise<void>>();
  let closed = false;

  async function send(entityId: string, visitIds: string[]) {
    const entity = await findEntity(app.db.db, entityId);
    if (!entity) return;
    const bySession = await withTenant(app.db.db, entityId, async (tx) => {
      const rows = rowsOf<{ session_id: string; id: string }>(
        await tx.execute(sql`
          select e.session_id, e.id from emergency_sessions s
            join emergency_roll e on e.entity_id = s.entity_id and e.session_id = s.id
           where s.entity_id = ${entityId} and s.ended_at is null
             and e.visit_id = any(${sqlArray(visitIds, 'uuid')}) and e.status = 'out'`),
      );
      const ids = new Map<string, string[]>();
      for (const r of rows) ids.set(r.session_id, [...(ids.get(r.session_id) ?? []), r.id]);
      const out = new Map<string, Awaited<ReturnType<typeof readRoll>>>();
      for (const [sessionId, rollIds] of ids) {
        out.set(sessionId, await readRoll(tx, { entityId, entity, siteIds: null }, sessionId, rollIds));
      }
      return out;
    });
    for (const [sessionId, entries] of bySession) sendRollChanges(app, entityId, sessionId, entries, { local: true });
  }

  function flushEntity(entityId: string) {
    const batch = gathered.get(entityId);
    if (!batch) return;
    gathered.delete(entityId);
    clearTimeout(batch.timer);
    const work = send(entityId, [...batch.ids]).catch((err: unknown) =>
      app.log.error({ err, entityId }, 'emergency sign-out feed failed'),
    );
    running.add(work);
    void work.finally(() => running.delete(work));
  }

  return {
    visitsLeft(entityId, visitIds) {
      // Whoever watches a session's roll is in the company's emergency room (realtime-rooms.ts).
      if (visitIds.length === 0 || closed || !app.realtime.hasLocalListeners(entityEmergencyRoom(entityId))) return;
      let batch = gathered.get(entityId);
      if (!batch) {
        batch = { ids: new Set(), timer: setTimeout(() => flushEntity(entityId), WINDOW_MS) };
        gathered.set(entityId, batch);
      }
      for (const id of visitIds) batch.ids.add(id);
    },
    async flush() {
      for (const entityId of [...gathered.keys()]) flushEntity(entityId);
      while (running.size > 0) await Promise.all([...running]);
    },
    close() {
      closed = true;
      for (const batch of gathered.values()) clearTimeout(batch.timer);
      gathered.clear();
    },
  };
}
