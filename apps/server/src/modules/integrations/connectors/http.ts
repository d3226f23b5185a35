// Every call to a directory goes through here: a timeout, bounded retries with backoff on network
// failures and 5xx, and 429 or 503 answered by waiting the Retry-After the directory asks for (within a
// limit). What is left (401, 403, 404, 400, a 5xx after the retries) is the connector's to read.

export type HttpAnswer = {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or null when it was empty or not JSON. */
  json: unknown;
  text: string;
};

export type HttpRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON, unless `form` is given. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
};

export type DirectoryHttpOptions = {
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts in all, the first included. */
  attempts?: number;
  /** The first backoff; doubled each time, with jitter. */
  backoffMs?: number;
  /** The longest Retry-After obeyed; a longer one fails the call (the run is retried later). */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
};

export class DirectoryHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'DirectoryHttpError';
  }
}

export type DirectoryHttp = {
  request(req: HttpRequest): Promise<HttpAnswer>;
  /** How many times a call waited for a Retry-After (tests read it). */
  readonly throttled: number;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function createDirectoryHttp(options: DirectoryHttpOptions = {}): DirectoryHttp {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const sleep = options.sleep ?? realSleep;
  const doFetch = options.fetch ?? fetch;
  let throttled = 0;

  async function once(req: HttpRequest): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const res = await doFetch(req.url, {
      method: req.method ?? 'GET',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  return {
    get throttled() {
      return throttled;
    },
    async request(req) {
      let wait = backoffMs;
      for (let attempt = 1; ; attempt++) {
        const last = attempt >= attempts;
        let answer: HttpAnswer;
        try {
          answer = await once(req);
        } catch (err) {
          if (last) {
            const reason = err instanceof Error ? err.message : String(err);
            throw new DirectoryHttpError(`${req.method ?? 'GET'} ${new URL(req.url).host}: ${reason}`, null);
          }
          await sleep(wait + Math.floor(Math.random() * wait * 0.2));
          wait *= 2;
          continue;
        }
        if (answer.status === 429 || answer.status === 503) {
          const asked = retryAfterMs(answer.headers.get('retry-after'));
          if (last || (asked !== null && asked > maxRetryAfterMs)) return answer;
          throttled++;
          await sleep(asked ?? wait);
          wait *= 2;
          continue;
        }
        if (answer.status >= 500 && !last) {
          await sleep(wait + Math.floor(Math.random() * wait * 0.2));
          wait *= 2;
          continue;
        }
        return answer;
      }
    },
  };
}
