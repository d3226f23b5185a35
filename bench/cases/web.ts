// The web app's weight and Lighthouse figures, measured in Debian's Chromium against a running server
// (Lighthouse itself: bench/lib/lighthouse.ts).
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../e2e/tools/browser-path';
import { CHROMIUM, lighthouse, storageScript } from '../lib/lighthouse';

type PageWeight = { jsCssBytes: number; files: number };

/** Same-origin JS and CSS, as the network layer names them or by extension (module preloads). */
function isJsOrCss(url: string, resourceType: string, origin: string): boolean {
  if (!url.startsWith(origin)) return false;
  if (resourceType === 'script' || resourceType === 'stylesheet') return true;
  return /\.(m?js|css)$/.test(new URL(url).pathname);
}

/** The cookies of a `Cookie` header, for a browser context on `baseUrl`. */
function cookiesFor(baseUrl: string, cookie: string) {
  return cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => {
      const at = part.indexOf('=');
      return { name: part.slice(0, at), value: part.slice(at + 1), url: baseUrl };
    });
}

/**
 * What the web app keeps in localStorage after a sign-in (lib/session.ts): the login result without
 * its CSRF token, and the company chosen. The route guard reads it; the cookie alone does not sign in.
 */
async function storedSignIn(baseUrl: string, cookie: string): Promise<Record<string, string>> {
  const res = await fetch(new URL('/api/v1/auth/me', baseUrl), { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/v1/auth/me answered ${res.status}: is the cookie a signed-in session?`);
  const { csrf_token: _csrf, ...me } = (await res.json()) as { csrf_token?: string; entity: { id: string } };
  return { user: JSON.stringify({ ...me, entity_id: me.entity.id }), entity_id: me.entity.id };
}

async function signIn(context: BrowserContext, baseUrl: string, cookie: string): Promise<void> {
  const storage = await storedSignIn(baseUrl, cookie);
  await context.addCookies(cookiesFor(baseUrl, cookie));
  await context.addInitScript({ content: storageScript(storage) });
}

// A page is idle when no request has been in flight for this long. Longer than Playwright's
// `networkidle` (0.5 s): the dashboard waits 0.5 s on a timer (spec) before it loads its page.
const QUIET_MS = 1500;
const MAX_WAIT_MS = 30_000;
// The real-time connection stays open by design: it is no sign of a page still loading.
const isLongPoll = (url: string) => new URL(url).pathname.startsWith('/socket.io/');

async function weighPage(page: Page, url: string): Promise<PageWeight> {
  const origin = new URL(url).origin;
  const sizes: Promise<number>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const track = (request: Request, delta: number) => {
    if (isLongPoll(request.url())) return;
    inFlight += delta;
    lastActivity = Date.now();
  };
  page.on('request', (request) => track(request, 1));
  page.on('requestfailed', (request) => track(request, -1));
  page.on('requestfinished', (request) => {
    track(request, -1);
    if (isJsOrCss(request.url(), request.resourceType(), origin))
      sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  const deadline = Date.now() + MAX_WAIT_MS;
  await page.goto(url, { waitUntil: 'load' });
  while ((inFlight > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline)
    await page.waitForTimeout(100);
  if (Date.now() >= deadline) throw new Error(`${url} was still loading after ${MAX_WAIT_MS / 1000} s`);
  const bytes = await Promise.all(sizes);
  return { jsCssBytes: bytes.reduce((a, b) => a + b, 0), files: bytes.length };
}

/** Compressed bytes of JS and CSS the page loads before it is idle, as served (with accept-encoding br). */
export async function measureWebWeight(
  baseUrl: string,
  cookie: string,
): Promise<{ login: PageWeight; dashboard: PageWeight }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // A fresh context per page: nothing comes from the cache of the other.
    const loginContext = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
    const login = await weighPage(await loginContext.newPage(), new URL('/login', baseUrl).href);
    await loginContext.close();

    const dashboardContext = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'br, gzip' } });
    await signIn(dashboardContext, baseUrl, cookie);
    const page = await dashboardContext.newPage();
    const dashboard = await weighPage(page, new URL('/', baseUrl).href);
    if (new URL(page.url()).pathname !== '/')
      throw new Error(`The dashboard sent the browser to ${page.url()}: the session did not sign it in`);
    await dashboardContext.close();
    return { login, dashboard };
  } finally {
    await browser.close();
  }
}

/** Lighthouse desktop preset on one page; `cookie` signs the page in (the dashboard). */
export async function runLighthouse(
  baseUrl: string,
  pagePath: string,
  cookie?: string,
): Promise<{ performance: number; lcpMs: number; tbtMs: number; cls: number }> {
  const prepare = cookie
    ? { cookies: cookiesFor(baseUrl, cookie), localStorage: await storedSignIn(baseUrl, cookie) }
    : {};
  const r = await lighthouse(baseUrl, pagePath, 'desktop', prepare);
  return { performance: r.performance, lcpMs: r.lcpMs, tbtMs: r.tbtMs, cls: r.cls };
}
