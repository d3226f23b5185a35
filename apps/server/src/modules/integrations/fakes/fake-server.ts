import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The harness of the directories' local fakes (decision 048): a plain HTTP server on a free port of
// 127.0.0.1, a request read as { method, path, query, headers, body }, answers as JSON. Each fake
// (microsoft-graph-fake.ts, google-directory-fake.ts, wonde-fake.ts, net2-fake.ts) behaves as its
// service's public documentation describes: paging, 429 with Retry-After, expired tokens, 401.

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed JSON or form body; the raw text when neither. */
  body: unknown;
  rawBody: string;
};

export type FakeAnswer = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as is (HTML, text) instead of JSON. */
  raw?: string;
};

export type FakeServer = {
  /** http://127.0.0.1:<port> */
  url: string;
  close: () => Promise<void>;
  /** Requests served, in order: what tests assert on ("asked for page 2 with the token"). */
  log: { method: string; path: string; query: string; status: number }[];
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string, type: string | undefined): unknown {
  if (!raw) return null;
  if (type?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): FakeAnswer => ({
  status,
  body,
  headers,
});

/** Starts a fake on `port` (0: any free port). */
export async function startFakeServer(
  handle: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
  port = 0,
): Promise<FakeServer> {
  const log: FakeServer['log'] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const rawBody = await readBody(req);
      let answer: FakeAnswer;
      try {
        answer = await handle({
          method: req.method ?? 'GET',
          path: decodeURIComponent(url.pathname),
          query: url.searchParams,
          headers: req.headers,
          body: parseBody(rawBody, req.headers['content-type']),
          rawBody,
        });
      } catch (err) {
        answer = json(500, { error: { message: err instanceof Error ? err.message : String(err) } });
      }
      log.push({ method: req.method ?? 'GET', path: url.pathname, query: url.search, status: answer.status });
      const headers: Record<string, string> = { ...answer.headers };
      let payload = '';
      if (answer.raw !== undefined) {
        payload = answer.raw;
        headers['content-type'] ??= 'text/html; charset=utf-8';
      } else if (answer.body !== undefined) {
        payload = JSON.stringify(answer.body);
        headers['content-type'] ??= 'application/json';
      }
      res.writeHead(answer.status, headers);
      res.end(payload);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The bearer token of a request, or null. */
export function bearerOf(req: FakeRequest): string | null {
  const value = req.headers.authorization;
  if (typeof value !== 'string') return null;
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return match ? match[1]! : null;
}
