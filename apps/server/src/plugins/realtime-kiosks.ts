import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  KIOSK_NAMESPACE,
  kioskCompanyRoom,
  kioskRoom,
  type KioskDataTopic,
  type KioskClientToServerEvents,
  type KioskServerToClientEvents,
} from '@app/shared/kiosks/channel';
import { sha256 } from '../lib/tokens';
import { findKioskByTokenHash } from '../modules/kiosks/kiosks.repository';

type KioskSocketData = { entityId: string; kioskId: string };

/** How a request sent to a kiosk's connection went. */
export type KioskDelivery = 'delivered' | 'no_connection' | 'no_answer';

type FireAndForget = Exclude<keyof KioskServerToClientEvents, 'request'>;

export type KioskChannel = {
  /**
   * Sends an event that asks for an answer to the kiosk's sockets, on whichever node holds them:
   * delivered when one answered in time, no_connection when the kiosk has none, no_answer otherwise.
   */
  request: (
    kioskId: string,
    payload: Parameters<KioskServerToClientEvents['request']>[0],
    timeoutMs: number,
  ) => Promise<KioskDelivery>;
  /** Tells the kiosk something that needs no answer. */
  tell: <E extends FireAndForget>(kioskId: string, event: E, ...args: Parameters<KioskServerToClientEvents[E]>) => void;
  /** Closes the kiosk's sockets everywhere (deregistered). */
  close: (kioskId: string) => void;
  /** Tells every kiosk of the company that parts of what it keeps changed: it fetches them again. */
  dataChanged: (entityId: string, topics: KioskDataTopic[]) => void;
};

/**
 * Which part of a kiosk's data a successful change through the API touches, by the resource changed:
 * the journey bundle (journeys, flows, compliances, user types, custom fields, the company's logo and
 * name, the watchlist's hashes), the announcements, the people kept for offline use, the face library.
 */
const TOPICS_BY_PATH: [RegExp, KioskDataTopic][] = [
  [/^\/api\/v1\/(face-settings|people\/[^/?]+\/(photo|face-consent|face-id))(\/|\?|$)/, 'faces'],
  [/^\/api\/v1\/(journeys|journey-flows|compliances|user-types|custom-fields|company)(\/|\?|$)/, 'journey'],
  [/^\/api\/v1\/announcements(\/|\?|$)/, 'announcements'],
  // The watchlist's hashes travel with the journey bundle (decision 051); decisions on screenings do not change them.
  [/^\/api\/v1\/watchlist(?!\/screenings)(\/|\?|$)/, 'journey'],
  [/^\/api\/v1\/(people|users)(\/|\?|$)/, 'people'],
];

export const kioskTopicsOfPath = (url: string): KioskDataTopic[] =>
  TOPICS_BY_PATH.filter(([pattern]) => pattern.test(url)).map(([, topic]) => topic);

declare module 'fastify' {
  interface FastifyInstance {
    kioskChannel: KioskChannel;
  }
}

/**
 * The kiosks' namespace of the gateway (decision 044): a socket opens with a kiosk's device token
 * (`auth: { token }`) and joins that kiosk's room only. The dashboard's namespace never hears it.
 */
export const realtimeKiosksPlugin = fp(
  async (app: FastifyInstance) => {
    const nsp = app.realtime.io.of(KIOSK_NAMESPACE) as unknown as import('socket.io').Namespace<
      KioskClientToServerEvents,
      KioskServerToClientEvents,
      Record<string, never>,
      KioskSocketData
    >;

    nsp.use(async (socket, next) => {
      try {
        const auth = socket.handshake.auth as { token?: unknown } | undefined;
        const token = typeof auth?.token === 'string' ? auth.token : '';
        const kiosk = token ? await findKioskByTokenHash(app.db.db, sha256(token)) : null;
        if (!kiosk) return next(new Error('kiosk_not_registered'));
        socket.data = { entityId: kiosk.entityId, kioskId: kiosk.id };
        next();
      } catch (err) {
        app.log.error({ err }, 'kiosk socket handshake failed');
        next(new Error('kiosk_not_registered'));
      }
    });
    nsp.on('connection', (socket) => {
      void socket.join([kioskRoom(socket.data.kioskId), kioskCompanyRoom(socket.data.entityId)]);
    });

    const channel: KioskChannel = {
      request: (kioskId, payload, timeoutMs) =>
        new Promise((resolve) => {
          const to = nsp.to(kioskRoom(kioskId)).timeout(timeoutMs) as unknown as {
            emit: (event: 'request', p: unknown, cb: (err: Error | null, answers: unknown[]) => void) => void;
          };
          to.emit('request', payload, (err, answers) => {
            const ok = answers.some((a) => (a as { ok?: unknown } | null)?.ok === true);
            if (ok) resolve('delivered');
            else if (!err && answers.length === 0) resolve('no_connection');
            else resolve('no_answer');
          });
        }),
      tell: (kioskId, event, ...args) => {
        (nsp.to(kioskRoom(kioskId)).emit as (e: string, ...a: unknown[]) => boolean)(event, ...args);
      },
      close: (kioskId) => {
        nsp.in(kioskRoom(kioskId)).disconnectSockets(true);
      },
      dataChanged: (entityId, topics) => {
        nsp.to(kioskCompanyRoom(entityId)).emit('dataChanged', { topics });
      },
    };
    app.decorate('kioskChannel', channel);

    // A change that went through tells the company's kiosks what to fetch again.
    app.addHook('onResponse', async (req, reply) => {
      if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400 || !req.access) return;
      const topics = kioskTopicsOfPath(req.url);
      if (topics.length > 0) channel.dataChanged(req.access.entityId, topics);
    });

    app.addHook('preClose', async () => {
      nsp.local.disconnectSockets(true);
    });
  },
  { name: 'realtime-kiosks', dependencies: [] },
);
