import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dispatchEndpoint } from './webhook-dispatch';

// Where deliveries start on this node (decision 052): a delivery queued anywhere is heard at commit
// (the `webhook_deliveries` notice) and dispatched at once, a retry due within the minute wakes a timer,
// and the minute's sweep (webhooks.jobs.ts) catches whatever a dead node or a lost notice left. Only a
// node that runs jobs delivers; a node serving requests only, or a test building the app, leaves it to
// them. An endpoint kicked while this node delivers it is delivered again right after.

export type WebhookRunner = {
  /** Delivers an endpoint's due messages, now. */
  kick: (entityId: string, endpointId: string) => void;
  /** Delivers them at `at` (a retry due within the minute). */
  wakeAt: (entityId: string, endpointId: string, at: Date) => void;
  /** Resolves when nothing is being delivered on this node (tests, shutdown). */
  idle: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookRunner;
  }
}

export const webhookRunnerPlugin = fp(async (app: FastifyInstance) => {
  const running = new Map<string, { again: boolean; work: Promise<void> }>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const kick = (entityId: string, endpointId: string) => {
    if (closed || !app.jobs.running) return;
    const key = `${entityId}:${endpointId}`;
    const current = running.get(key);
    if (current) {
      current.again = true;
      return;
    }
    const state = { again: false, work: Promise.resolve() };
    state.work = (async () => {
      do {
        state.again = false;
        await dispatchEndpoint(app, entityId, endpointId, () => new Date()).catch((err: unknown) =>
          app.log.error({ err, entityId, endpointId }, 'webhook dispatch failed'),
        );
      } while (state.again && !closed);
      running.delete(key);
    })();
    running.set(key, state);
  };

  const wakeAt = (entityId: string, endpointId: string, at: Date) => {
    if (closed || !app.jobs.running) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        kick(entityId, endpointId);
      },
      Math.max(0, at.getTime() - Date.now()),
    ).unref();
    timers.add(timer);
  };

  const idle = async () => {
    while (running.size) await Promise.all([...running.values()].map((r) => r.work));
  };

  app.decorate('webhooks', { kick, wakeAt, idle });

  const stop = await app.db.listen('webhook_deliveries', {
    notice: (payload) => {
      const [entityId, endpointId] = payload.split(':');
      if (entityId && endpointId) kick(entityId, endpointId);
    },
    lost: () => undefined,
    ready: () => undefined,
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    await stop();
    await idle();
  });
});
