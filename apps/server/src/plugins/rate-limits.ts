import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Env } from '../config/env';
import { sha256 } from '../lib/tokens';
import { findKioskByTokenHash } from '../modules/kiosks/kiosks.repository';

// Who a request counts against (decision 037). A signed-in session, a company's API token and a
// kiosk's device token each have an allowance of their own, so a building or an integration behind one
// address is not refused for its neighbours' traffic; the address counts only what carries no valid
// credentials, and the public routes (sign-in, reset, links) stay per address with their stricter
// allowance. Counters live in Redis when REDIS_URL is set, so every app node counts the same
// requests; otherwise in this process's memory. A request that answers 429 carries Retry-After.

declare module 'fastify' {
  interface FastifyRequest {
    /** `s:<session>` or `t:<token hash>` once the auth plugin found valid credentials; null otherwise. */
    callerKey: string | null;
  }
}

const WINDOW = '1 minute';
const DEVICE_CACHE_MS = 60_000;
const DEVICE_CACHE_MAX = 10_000;

// As the limiter's own default: an IPv6 address counts with its /64, as one household or office does.
const addressKey = (req: FastifyRequest) => `a:${normalizeIP(req.ip)}`;
const bearerOf = (req: FastifyRequest) => req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

/** The allowance per minute of a caller key (`s:`, `t:` or `d:`), or of an address (`a:`). */
function allowanceOf(env: Env, key: string): number {
  switch (key[0]) {
    case 's':
      return env.SESSION_RATE_LIMIT;
    case 't':
      return env.API_TOKEN_RATE_LIMIT;
    case 'd':
      return env.DEVICE_RATE_LIMIT;
    default:
      return env.API_RATE_LIMIT;
  }
}

/** A public route's limit: PUBLIC_RATE_LIMIT per address (times `factor`), whoever is signed in. */
export const publicRateLimit = (factor = 1) => ({
  max: (req: FastifyRequest) => req.server.env.PUBLIC_RATE_LIMIT * factor,
  timeWindow: WINDOW,
  keyGenerator: addressKey,
});

/**
 * A kiosk's device route: DEVICE_RATE_LIMIT per kiosk when its device token is valid; otherwise the
 * public allowance per address, so made-up tokens cannot each open an allowance of their own.
 */
export const deviceRateLimit = () => ({
  max: (req: FastifyRequest, key: string) =>
    key[0] === 'd' ? req.server.env.DEVICE_RATE_LIMIT : req.server.env.PUBLIC_RATE_LIMIT,
  timeWindow: WINDOW,
  keyGenerator: async (req: FastifyRequest) => {
    const token = bearerOf(req);
    const hash = token ? sha256(token) : null;
    return hash && (await req.server.knownDevice(hash)) ? `d:${hash}` : addressKey(req);
  },
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a device token hash is a kiosk's, remembered for a minute (it only picks a counter). */
    knownDevice: (tokenHash: string) => Promise<boolean>;
  }
}

/**
 * Registered before the routes: it hooks every API route as it is added. `nameSpace` keeps the
 * counters of another service sharing the Redis (the passport's) apart from the dashboard's.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: { env: Env; nameSpace?: string }) => {
  const { env } = opts;
  app.decorateRequest('callerKey', null);

  const devices = new Map<string, number>();
  app.decorate('knownDevice', async (tokenHash: string) => {
    const until = devices.get(tokenHash);
    if (until !== undefined && until > Date.now()) return true;
    devices.delete(tokenHash);
    if (!(await findKioskByTokenHash(app.db.db, tokenHash))) return false;
    if (devices.size >= DEVICE_CACHE_MAX) devices.delete(devices.keys().next().value!);
    devices.set(tokenHash, Date.now() + DEVICE_CACHE_MS);
    return true;
  });

  // Redis down: requests pass rather than fail (skipOnError), and are counted again once it is back.
  // ioredis is loaded only with REDIS_URL: a single node never needs it.
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        connectTimeout: 2_000,
      })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit counters: Redis unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // The first requests are counted too: wait (briefly) for the connection before the routes answer.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, 3_000);
      redis.once('ready', done);
    });
  }

  await app.register(rateLimit, {
    global: true,
    timeWindow: WINDOW,
    // Runs after the auth plugin's onRequest hook (route hooks come after the app's), so the caller is known.
    keyGenerator: (req) => req.callerKey ?? addressKey(req),
    max: (_req, key) => allowanceOf(env, key),
    // Only the API is limited: the web app's assets are static files.
    allowList: (req) => !req.url.startsWith('/api/'),
    ...(redis ? { redis, nameSpace: opts.nameSpace ?? 'rate-limit:', skipOnError: true } : {}),
  });
});
