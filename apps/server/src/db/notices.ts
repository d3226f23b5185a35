import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Notices the database raises with NOTIFY and every app node hears (LISTEN). The channels are fixed
 * here, because every pooled connection listens on them from the moment it opens (see below).
 */
export const NOTICE_CHANNELS = ['access_changed', 'passport_two_step', 'webhook_deliveries'] as const;
/**
 * Channels heard only on a node's own listening connection, not by every pooled one: frequent notices
 * (every changed visit) that need not arrive before the committing statement's answer.
 */
export const LISTENER_ONLY_CHANNELS = ['visits_changed'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number] | (typeof LISTENER_ONLY_CHANNELS)[number];

/**
 * What a listener is told: each notice's payload; when notices may have been missed (`lost`: the
 * connection went down) and when they are heard again (`ready`).
 */
export type NoticeHandlers = { notice: (payload: string) => void; lost: () => void; ready: () => void };

/** Listens on a channel; resolves to a function that stops listening. */
export type Listen = (channel: NoticeChannel, handlers: NoticeHandlers) => Promise<() => Promise<void>>;

const RETRY_MS = 1_000;

/**
 * On a PostgreSQL server, notices come two ways:
 * - every pooled connection listens, and PostgreSQL hands a session its own notices at commit, before
 *   the committing statement's answer: whatever this node changes, it hears before the change returns,
 *   so its next request never sees the old state;
 * - one connection of its own does nothing but listen, so changes made by other nodes are heard even
 *   when the pool has no connection open; it reconnects after a second whenever it drops.
 * A notice may so arrive more than once; handlers must not mind.
 */
export function postgresNotices(connectionString: string): {
  /** The pool's `onConnect`: a new pooled connection listens before it is first used. */
  onConnect: (client: pg.ClientBase) => Promise<void>;
  listen: Listen;
} {
  const handlers = new Map<string, Set<NoticeHandlers>>();
  const dispatch = (msg: pg.Notification) => {
    for (const h of handlers.get(msg.channel) ?? []) h.notice(msg.payload ?? '');
  };
  const onConnect = async (client: pg.ClientBase) => {
    client.on('notification', dispatch);
    await client.query(NOTICE_CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
  };

  const listen: Listen = async (channel, channelHandlers) => {
    let set = handlers.get(channel);
    if (!set) handlers.set(channel, (set = new Set()));
    set.add(channelHandlers);

    let current: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;

    const close = (client: pg.Client) => {
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
    };

    const lose = (client: pg.Client) => {
      if (current !== client) return;
      current = null;
      channelHandlers.lost();
      close(client);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), RETRY_MS).unref();
    };

    const connect = async () => {
      const client = new pg.Client({ connectionString, application_name: 'notices' });
      client.on('notification', (msg) => {
        if (msg.channel === channel) channelHandlers.notice(msg.payload ?? '');
      });
      client.on('error', () => lose(client));
      client.on('end', () => lose(client));
      current = client;
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch (err) {
        lose(client);
        throw err;
      }
      if (stopped) close(client);
      else channelHandlers.ready();
    };

    // A first connection that fails is retried like a lost one; until then nothing is heard.
    await connect().catch(() => undefined);
    return async () => {
      stopped = true;
      clearTimeout(retry);
      set.delete(channelHandlers);
      const client = current;
      current = null;
      if (client) close(client);
    };
  };
  return { onConnect, listen };
}

/**
 * On the embedded database there is one connection, which hears its own notices at commit, before
 * the committing statement's promise resolves.
 */
export function pgliteNotices(client: PGlite): Listen {
  return async (channel, handlers) => {
    const unlisten = await client.listen(channel, handlers.notice);
    handlers.ready();
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
}
