import type { DirectoryHttp, HttpAnswer, HttpRequest } from './http';
import { DirectoryAuthError, DirectoryUnavailableError } from './types';

// A client of Wonde's API (docs.wonde.com): https://api.wonde.com/v1.0 (or a school's regional domain,
// which is what the WONDE_URL endpoint names), authenticated by the application's access token sent as
// "Authorization: Bearer <token>". Lists are paged: a response carries meta.pagination { next, previous,
// more, per_page, current_page } when it holds more than 50 objects or when per_page was asked for, and
// the next page is the absolute URL in `next`. The maximum per_page is set per endpoint; 200 is what
// Wonde's own examples use for people.

export const WONDE_VERSION = '/v1.0';
export const WONDE_PAGE_SIZE = 200;
/** A school with tens of thousands of records is 200 pages; past this a `next` chain is a loop. */
const MAX_PAGES = 5_000;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Wonde's own words from an error body, whichever of the usual shapes it came in. */
export function wondeMessage(json: unknown): string | null {
  if (!isRecord(json)) return null;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const error = json.error;
  return (
    text(json.error_description) ?? text(json.message) ?? (isRecord(error) ? text(error.message) : text(error)) ?? null
  );
}

export class WondeApi {
  /** {wonde}/v1.0 */
  readonly root: string;

  constructor(
    baseUrl: string,
    private readonly token: string,
    private readonly http: DirectoryHttp,
  ) {
    this.root = baseUrl.replace(/\/+$/, '') + WONDE_VERSION;
  }

  /** One call, answered as it came (the caller reads 403, 404 and 422 itself); 401 always throws. */
  async send(method: HttpRequest['method'], pathOrUrl: string, body?: unknown): Promise<HttpAnswer> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : this.root + pathOrUrl;
    let answer: HttpAnswer;
    try {
      answer = await this.http.request({
        method,
        url,
        headers: { authorization: `Bearer ${this.token}` },
        body,
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new DirectoryUnavailableError(`Could not reach Wonde (${reason})`, null);
    }
    if (answer.status === 401)
      throw new DirectoryAuthError(
        'Wonde refused the access token: check it in the Wonde developer portal',
        wondeMessage(answer.json),
      );
    return answer;
  }

  /** A GET whose every answer but 2xx ends the read: 403 as refused access, the rest as unavailable. */
  async get(pathOrUrl: string): Promise<unknown> {
    const answer = await this.send('GET', pathOrUrl);
    if (answer.status >= 200 && answer.status < 300) return answer.json;
    throw this.failure(answer, pathOrUrl);
  }

  failure(answer: HttpAnswer, what: string): Error {
    const path = what.startsWith('http') ? new URL(what).pathname : what;
    if (answer.status === 403)
      return new DirectoryAuthError(
        'Wonde refused access to the school’s data (the school may have revoked access or not granted this permission)',
        wondeMessage(answer.json),
      );
    if (answer.status === 429)
      return new DirectoryUnavailableError(`Wonde kept asking us to slow down (GET ${path})`, 429);
    const said = wondeMessage(answer.json);
    return new DirectoryUnavailableError(
      `Wonde answered ${answer.status} to GET ${path}${said ? `: ${said}` : ''}`,
      answer.status,
    );
  }

  /**
   * Every page of a list, following meta.pagination.next. A page that promises more but gives no way
   * there fails the read: stopping early would leave everyone on the unread pages looking removed.
   */
  async *pages(path: string, query: Record<string, string> = {}): AsyncGenerator<unknown[]> {
    const first = new URL(this.root + path);
    for (const [key, value] of Object.entries({ ...query, per_page: String(WONDE_PAGE_SIZE) }))
      first.searchParams.set(key, value);
    const seen = new Set<string>();
    let url: string | null = first.toString();
    while (url) {
      if (seen.has(url) || seen.size >= MAX_PAGES)
        throw new DirectoryUnavailableError(`Wonde's pages of ${path} lead round in a loop`, 200);
      seen.add(url);
      const json = await this.get(url);
      if (!isRecord(json) || !Array.isArray(json.data))
        throw new DirectoryUnavailableError(`Wonde sent a page of ${path} in an unknown shape`, 200);
      yield json.data as unknown[];
      url = this.nextOf(json.meta, path);
    }
  }

  private nextOf(meta: unknown, path: string): string | null {
    const pagination = isRecord(meta) ? meta.pagination : undefined;
    // Wonde leaves the pagination object out when everything fit on one page.
    if (pagination === undefined || pagination === null) return null;
    if (!isRecord(pagination)) throw new DirectoryUnavailableError(`Wonde sent ${path}'s paging unreadably`, 200);
    const next = typeof pagination.next === 'string' && pagination.next ? pagination.next : null;
    if (pagination.more === false) return null;
    if (!next) {
      if (pagination.more === true)
        throw new DirectoryUnavailableError(`Wonde promised more of ${path} but gave no next page`, 200);
      return null;
    }
    // The token goes with every request, so a next page is only followed within the API it came from.
    let target: URL;
    try {
      target = new URL(next, this.root);
    } catch {
      throw new DirectoryUnavailableError(`Wonde sent an unreadable next page of ${path}`, 200);
    }
    const root = new URL(this.root);
    if (target.origin !== root.origin || !target.pathname.startsWith(root.pathname + '/'))
      throw new DirectoryUnavailableError(`Wonde's next page of ${path} leads outside its API`, 200);
    return target.toString();
  }
}
