// The framework's floor: a bare Fastify server answering GET /bare and GET /dressed with a fixed body
// (the app's own /auth/me answer, from the file in FLOOR_BODY), on the port in PORT. /dressed also sends
// what every answer of the app carries: its security headers (built by the app's own function) and the
// rate limiter's. The throughput cases print both beside the app's figures: what the framework and the
// headers cost before the app does anything.
import { readFileSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { buildSecurityHeaders } from '../../apps/server/src/plugins/security-headers';

const body = readFileSync(process.env.FLOOR_BODY!, 'utf8');
const app = Fastify({ logger: false });
const answer = () => body;

app.get('/bare', (_req, reply) => {
  void reply.type('application/json; charset=utf-8');
  return answer();
});
await app.register(async (dressed) => {
  const securityHeaders = buildSecurityHeaders();
  dressed.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  await dressed.register(rateLimit, { global: true, max: 1_000_000_000, timeWindow: '1 minute' });
  dressed.get('/dressed', (_req, reply) => {
    void reply.type('application/json; charset=utf-8');
    return answer();
  });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
