import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over app.inject: keeps cookies and sends the CSRF header the way the web app
 * does, so tests go through the same session and CSRF checks as real users.
 */
export class TestClient {
  cookies = new Map<string, string>();
  lang?: string;
  bearer?: string;
  /** The caller's address as the server sees it (per-address limits). */
  remoteAddress?: string;
  constructor(private readonly app: App) {}

  get csrf() {
    return this.cookies.get('csrf');
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrf && !('x-csrf-token' in h)) h['x-csrf-token'] = this.csrf;
    if (this.lang) h['x-lang'] = this.lang;
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    const isBuffer = Buffer.isBuffer(body);
    if (body !== undefined && !isBuffer && !h['content-type']) h['content-type'] = 'application/json';
    const res = await this.app.inject({
      method,
      url: url.startsWith('/api') ? url : `/api/v1${url}`,
      headers: h,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      payload: body === undefined ? undefined : isBuffer ? body : JSON.stringify(body),
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && new Date(c.expires).getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  patch = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', url, body, headers);
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, body ?? {}, headers);
  put = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', url, body ?? {}, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);

  /** multipart/form-data with one file field. */
  async upload(
    method: 'PUT' | 'POST',
    url: string,
    field: string,
    file: Buffer,
    filename: string,
    contentType: string,
  ) {
    const boundary = `----fd${Math.random().toString(16).slice(2)}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request(method, url, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  }
}

export async function signIn(app: App, email: string, password: string, extra: Record<string, unknown> = {}) {
  const client = new TestClient(app);
  const res = await client.post('/auth/login', { email, password, ...extra });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { client, body: res.json<{ status: string; [k: string]: unknown }>() };
}
