import type { DirectoryHttp, HttpAnswer } from './http';
import type { GoogleTokens } from './google-oauth';
import { DirectoryAuthError, DirectoryUnavailableError } from './types';

// A client of the Admin SDK Directory API (developers.google.com/workspace/admin/directory): {googleApi}
// /admin/directory/v1, the OAuth access token as "Authorization: Bearer". Lists page with maxResults and
// pageToken, the next page's token in nextPageToken. Errors come as { error: { code, message, errors:
// [{ domain, reason, message }], status } }. Quota (Directory API "Limits and quotas"): 403
// userRateLimitExceeded (2,400 queries a minute per user per project), 403 quotaExceeded and 429
// rateLimitExceeded, each to be retried with exponential backoff: min(2^n s + random ms, maximum backoff).
// http.ts waits out 429s itself; what it gives back, and the 403s, are retried here.

export const GOOGLE_DIRECTORY_PATH = '/admin/directory/v1';
const QUOTA_REASONS = new Set(['quotaExceeded', 'rateLimitExceeded', 'userRateLimitExceeded']);
/** 1 + 2 + 4 + 8 + 16 + 32 s: a little over the minute a per-minute quota takes to come back. */
const QUOTA_RETRIES = 6;
const MAX_BACKOFF_MS = 32_000;
/** A directory of a million users is 2,000 pages of 500; past this a token chain is a loop. */
const MAX_PAGES = 10_000;

export type GoogleBackoff = { sleep: (ms: number) => Promise<void>; random: () => number };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Google's words and reasons from an error body. */
export function googleError(json: unknown): { message: string | null; reasons: string[] } {
  const error = isRecord(json) ? json.error : undefined;
  if (!isRecord(error)) return { message: null, reasons: [] };
  const errors = Array.isArray(error.errors) ? error.errors.filter(isRecord) : [];
  const reasons = errors.map((e) => e.reason).filter((r): r is string => typeof r === 'string');
  const message = typeof error.message === 'string' && error.message.trim() ? error.message.trim() : null;
  return { message, reasons };
}

const isQuota = (answer: HttpAnswer) =>
  answer.status === 429 ||
  (answer.status === 403 && googleError(answer.json).reasons.some((reason) => QUOTA_REASONS.has(reason)));

export class GoogleApi {
  /** {googleApi}/admin/directory/v1 */
  readonly root: string;

  constructor(
    baseUrl: string,
    private readonly tokens: GoogleTokens,
    private readonly http: DirectoryHttp,
    private readonly backoff: GoogleBackoff,
  ) {
    this.root = baseUrl.replace(/\/+$/, '') + GOOGLE_DIRECTORY_PATH;
  }

  /**
   * One GET, answered as it came once quota refusals are waited out; a 401 refreshes the access token
   * once (it may have been revoked or expired mid-run) and asks again.
   */
  async send(path: string, query: Record<string, string> = {}): Promise<HttpAnswer> {
    const url = new URL(this.root + path);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let refreshed = false;
    for (let retry = 0; ;) {
      const token = await this.tokens.accessToken();
      let answer: HttpAnswer;
      try {
        answer = await this.http.request({ url: url.toString(), headers: { authorization: `Bearer ${token}` } });
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new DirectoryUnavailableError(`Could not reach Google (${reason})`, null);
      }
      if (answer.status === 401 && !refreshed) {
        await this.tokens.refresh();
        refreshed = true;
        continue;
      }
      if (isQuota(answer) && retry < QUOTA_RETRIES) {
        const jitter = Math.floor(this.backoff.random() * 1000);
        await this.backoff.sleep(Math.min(2 ** retry * 1000 + jitter, MAX_BACKOFF_MS));
        retry++;
        continue;
      }
      return answer;
    }
  }

  /** A GET whose every answer but 2xx ends the read. */
  async get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const answer = await this.send(path, query);
    if (answer.status >= 200 && answer.status < 300) return answer.json;
    throw this.failure(answer, path);
  }

  failure(answer: HttpAnswer, path: string): Error {
    const { message, reasons } = googleError(answer.json);
    if (answer.status === 401)
      return new DirectoryAuthError('Google refused the access token it had just issued', message);
    if (isQuota(answer))
      return new DirectoryUnavailableError(
        `Google kept refusing for quota (${reasons.join(', ') || answer.status}) on GET ${path}`,
        answer.status,
      );
    if (answer.status === 403)
      return new DirectoryAuthError(
        'Google does not let the account that consented read users and groups: sign in with a Workspace admin ' +
          'who may read them, and check that the Admin SDK API is enabled for the OAuth client’s project',
        message,
      );
    return new DirectoryUnavailableError(
      `Google answered ${answer.status} to GET ${path}${message ? `: ${message}` : ''}`,
      answer.status,
    );
  }

  /**
   * Every page of a list: its items under `key` (Google leaves the key out of an empty page) and
   * whether another page follows. A token met twice fails the read: stopping early would leave everyone
   * on the unread pages looking removed.
   */
  async *pages(
    path: string,
    query: Record<string, string>,
    key: string,
  ): AsyncGenerator<{ items: unknown[]; more: boolean }> {
    const seen = new Set<string>();
    let pageToken: string | null = null;
    do {
      const json = await this.get(path, pageToken ? { ...query, pageToken } : query);
      if (!isRecord(json))
        throw new DirectoryUnavailableError(`Google sent a page of ${path} in an unknown shape`, 200);
      const items = json[key] ?? [];
      if (!Array.isArray(items))
        throw new DirectoryUnavailableError(`Google sent ${path}'s ${key} in an unknown shape`, 200);
      const next = json.nextPageToken;
      pageToken = typeof next === 'string' && next ? next : null;
      if (pageToken && (seen.has(pageToken) || seen.size >= MAX_PAGES))
        throw new DirectoryUnavailableError(`Google's pages of ${path} lead round in a loop`, 200);
      if (pageToken) seen.add(pageToken);
      yield { items, more: pageToken !== null };
    } while (pageToken);
  }
}
