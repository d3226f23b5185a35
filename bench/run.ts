// Throughput of the request pipeline, as ratios against a baseline measured in the same run:
//   baseline  GET /api/v1/public/config   (routing, serialisation; no session, no database)
//   session   GET /api/v1/auth/me         (+ session look-up, tenant transaction, permissions)
//   company   GET /api/v1/company         (+ a tenant-scoped read with a join)
// The app runs in this process on a fresh embedded database; load comes from this process too, over
// loopback, for a fixed time per case. Absolute numbers depend on the machine; the ratios travel.
//   npm run bench            BENCH_SECONDS=5 BENCH_CONCURRENCY=16 npm run bench
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadEnv } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { addMember, createEntity, createUser } from '../apps/server/src/db/seed/factories';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function measure(url: string, headers: Record<string, string>) {
  const deadline = Date.now() + SECONDS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const start = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - start);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rps: latencies.length / SECONDS, p50: pct(0.5), p95: pct(0.95), errors };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fd-bench-'));
// BENCH_DATABASE_URL=postgres://… measures on a PostgreSQL server (use a scratch database).
const serverUrl = process.env.BENCH_DATABASE_URL;
const db = await openDatabase(serverUrl ? { url: serverUrl } : { dataDir });
await db.migrate();
const env = loadEnv({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  PUBLIC_RATE_LIMIT: '1000000',
  API_RATE_LIMIT: '1000000',
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
});
const app = await buildApp({ env, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;

try {
  const tag = Date.now().toString(36);
  const company = await createEntity(db.db, { name: 'Bench Co', subdomain: `bench-${tag}` });
  const user = await createUser(db.db, { email: `bench.${tag}@example.test`, password: 'bench password 1' });
  await addMember(db.db, company, user.id, 'admin', { isOwner: true });
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  await measure(`${base}/public/config`, {}); // warm-up
  const baseline = await measure(`${base}/public/config`, {});
  const session = await measure(`${base}/auth/me`, { cookie });
  const companyRead = await measure(`${base}/company`, { cookie });

  console.log(`database: ${db.kind}; ${SECONDS}s per case, ${CONCURRENCY} concurrent requests`);
  console.log('case       req/s   p50 ms  p95 ms  errors  ratio to baseline');
  for (const [name, r] of [
    ['baseline', baseline],
    ['session', session],
    ['company', companyRead],
  ] as const) {
    console.log(
      `${name.padEnd(9)} ${r.rps.toFixed(0).padStart(6)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p95.toFixed(1).padStart(6)}  ${String(r.errors).padStart(6)}  ${(r.rps / baseline.rps).toFixed(2)}`,
    );
  }
} finally {
  await app.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
