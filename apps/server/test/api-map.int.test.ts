// docs/api-map.md names, beside each call of the spec's section 7, the endpoint that serves it. Every
// `METHOD /path` it gives as ours must be a route the app registers, so the page cannot drift from the
// API: a renamed or removed route fails here until the map says so.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPassportApp, passportRoutes, type PassportApp } from '../../passport/server/app';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let passport: PassportApp;
beforeAll(async () => {
  ctx = await createTestApp();
  // Without the built web app: its files are routes of their own, not the API's.
  const env = { ...ctx.app.env, PASSPORT_DIST: `${ctx.dataDir}/no-passport-web` };
  passport = await buildPassportApp({ env, db: ctx.db, secrets: ctx.app.secrets, logger: false });
  await passport.ready();
});
afterAll(async () => {
  await passport.close();
  await ctx.close();
});

const MAP = new URL('../../../docs/api-map.md', import.meta.url);
const METHODS = 'GET|POST|PUT|DELETE|PATCH';
// `GET /people/{id}`, `GET/PUT/DELETE /doors/{id}`, `GET /kiosks?status=online`.
const CLAIM = new RegExp(`\\b((?:${METHODS})(?:/(?:${METHODS}))*)\\s+(/[^\\s\`,;|)]*)`, 'g');

/** A path as a shape: parameters of any name alike, no query, no trailing slash. */
const shape = (path: string) =>
  path
    .replace(/\\/g, '')
    .split('?')[0]!
    .replace(/\{[^}]+\}|:[^/]+/g, ':p')
    .replace(/\/$/, '');

type Claim = { line: number; method: string; path: string };

/**
 * The endpoints the page claims as ours: in tables whose header has an "our endpoint" column, that
 * column; in the "endpoint | what it does" tables, the first. The spec's own calls are never read.
 * `service: 'passport'` reads the "passport endpoint" column instead: the passport service's own routes.
 */
function claims(text: string, service: 'dashboard' | 'passport' = 'dashboard'): Claim[] {
  const found: Claim[] = [];
  let column = -1;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line.startsWith('|')) {
      column = -1;
      return;
    }
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    if (column === -1) {
      const header = cells.map((c) => c.toLowerCase());
      column = header.findIndex((c) => c === (service === 'passport' ? 'passport endpoint' : 'our endpoint'));
      if (column === -1 && service === 'dashboard') column = header.findIndex((c) => c === 'endpoint');
      if (column === -1) column = -2; // a table of something else
      return;
    }
    if (column < 0 || /^-+$/.test(cells[0]!.replace(/[\s:]/g, ''))) return;
    const cell = cells[column] ?? '';
    for (const m of cell.matchAll(CLAIM)) {
      for (const method of m[1]!.split('/')) found.push({ line: i + 1, method, path: m[2]! });
    }
  });
  return found;
}

describe('docs/api-map.md', () => {
  it('claims only routes the app registers', () => {
    // An id is written `{id}`; other parameters may be written as a value: `/table-preferences/dashboard-logbook`
    // is a use of `/table-preferences/:pageUrl`. So `/visits/last-signed` is not taken for `/visits/:id`.
    const routes = ctx.app.apiRoutes.map((r) => {
      const pattern = r.url
        .replace(/^\/api\/v1/, '')
        .split('/')
        .map((part) => {
          if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          return /^:(id|\w*Id|\w*_id)$/.test(part) ? ':p' : '[^/]+';
        })
        .join('/');
      return { method: r.method, pattern: new RegExp(`^${pattern}$`) };
    });
    const served = (c: Claim) => routes.some((r) => r.method === c.method && r.pattern.test(shape(c.path)));
    const all = claims(readFileSync(MAP, 'utf8'));
    // The page maps the whole API: a parse that finds little would prove nothing.
    expect(all.length).toBeGreaterThan(200);
    const missing = all.filter((c) => !served(c)).map((c) => `line ${c.line}: ${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('names every registered route at least once', () => {
    const claimed = new Set(claims(readFileSync(MAP, 'utf8')).map((c) => `${c.method} ${shape(c.path)}`));
    const unnamed = ctx.app.apiRoutes
      .map((r) => `${r.method} ${shape(r.url.replace(/^\/api\/v1/, ''))}`)
      .filter((key) => !claimed.has(key));
    expect([...new Set(unnamed)].sort()).toEqual([]);
  });

  it('claims only routes the passport registers, and names every one of them', () => {
    const text = readFileSync(MAP, 'utf8');
    const routes = passportRoutes.get(passport)!;
    const key = (method: string, path: string) => `${method} ${shape(path)}`;
    const registered = new Set(routes.map((r) => key(r.method, r.url)));
    const claimed = claims(text, 'passport');
    expect(claimed.length).toBeGreaterThan(20);
    expect(
      claimed.filter((c) => !registered.has(key(c.method, c.path))).map((c) => `line ${c.line}: ${c.method} ${c.path}`),
    ).toEqual([]);
    const named = new Set(claimed.map((c) => key(c.method, c.path)));
    expect([...registered].filter((k) => !named.has(k)).sort()).toEqual([]);
  });
});
