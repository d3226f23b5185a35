import { createServer } from 'node:net';
import type { ClientMetadata } from 'oidc-provider';
import { createTestApp, type TestContext } from '../../../server/test/helpers/test-app';
import { newestMailTo } from '../../../server/test/helpers/mail';
import { queuedMailsSent } from '../platform';
import { buildPassportApp, type PassportApp } from '../app';


async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type PassportWorld = {
  /** The dashboard (injected, as every integration test does) on the test database. */
  ctx: TestContext;
  /** The passport, listening on a real port: relying parties talk to it over HTTP. */
  passport: PassportApp;
  passportUrl: string;
  close: () => Promise<void>;
};

/** The dashboard and the passport on one database, as `npm start` runs them. */
export async function startPassportWorld(opts: { clients?: ClientMetadata[] } = {}): Promise<PassportWorld> {
  const port = await freePort();
  const passportUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp({ PASSPORT_URL: passportUrl });
  const passport = await buildPassportApp({
    env: ctx.app.env,
    db: ctx.db,
    secrets: ctx.app.secrets,
    mailer: ctx.app.mailer,
    logger: false,
    clients: opts.clients,
  });
  await passport.listen({ port, host: '127.0.0.1' });
  return {
    ctx,
    passport,
    passportUrl,
    close: async () => {
      await passport.close();
      await ctx.close();
    },
  };
}

/**
 * A browser, for the parts of a test that go through the passport over HTTP: it keeps cookies (by name;
 * the passport's paths never hold two of one name) and follows nothing by itself, so each redirect is seen.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  lang = 'en';
  constructor(readonly origin: string) {}

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone = attrs.some((a) => /max-age=0\b/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (gone || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const target = new URL(url, this.origin);
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const isForm = body instanceof URLSearchParams;
    const res = await fetch(target, {
      method,
      redirect: 'manual',
      headers: {
        'accept-language': this.lang,
        ...(cookie ? { cookie } : {}),
        ...(method !== 'GET' ? { 'x-passport': '1' } : {}),
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    this.remember(res);
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return {
      status: res.status,
      location: res.headers.get('location'),
      json: json as Record<string, unknown>,
      text,
      headers: res.headers,
    };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
}

let counter = 0;
export const uniqueEmail = (prefix = 'pp') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.test`;

/** The link in the newest mail to an address (the queued mails sent first). */
export async function linkInMail(world: PassportWorld, email: string): Promise<string> {
  await queuedMailsSent(world.passport);
  const mail = await newestMailTo(world.ctx.db.db, email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return link;
}

/** A verified passport, signed in in the returned browser. */
export async function createPassport(
  world: PassportWorld,
  opts: { email?: string; password?: string; firstName?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'passport-password-1';
  const browser = new Browser(world.passportUrl);
  const signUp = await browser.post('/api/sign-up', {
    email,
    first_name: opts.firstName ?? 'Ada',
    last_name: 'Tester',
    password,
    lang: 'en',
  });
  if (signUp.status !== 202) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`);
  const token = new URL(await linkInMail(world, email)).searchParams.get('token')!;
  const verified = await browser.post('/api/verify-email', { token });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${verified.text}`);
  const me = await browser.get('/api/me');
  return { email, password, browser, id: String(me.json.id) };
}
