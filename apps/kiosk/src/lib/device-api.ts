// The kiosk's calls to the server, with its device token. One place decides what an answer means:
// a refused token (the kiosk was deregistered or its token is unknown) ends the app's run at once;
// no answer at all means the server cannot be reached (the kiosk works offline).
export const API = '/api/v1';

/** The server refused the device token: 401, 403, or `kiosk_not_registered`. */
export class TokenRefused extends Error {
  constructor(readonly status: number) {
    super(`device token refused (${status})`);
  }
}

/** The server could not be reached, or answered that it is unavailable. */
export class Unreachable extends Error {}

/** The server answered with an error about the call itself. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    /** The server's messages by field, when it named fields. */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export const isTokenRefusal = (status: number, code: string | null) =>
  status === 401 || status === 403 || code === 'kiosk_not_registered';

export type DeviceApi = {
  /** A call answering JSON. */
  json: <T>(method: string, path: string, body?: unknown) => Promise<T>;
  /** A call answering a file (the logo); null for 404. */
  blob: (path: string) => Promise<Blob | null>;
  /** A multipart upload of one file in the field `file`. */
  upload: <T>(path: string, file: Blob, name: string) => Promise<T>;
};

async function errorOf(res: Response): Promise<Error> {
  let code: string | null = null;
  let message = `${res.status}`;
  let fields: Record<string, string[]> = {};
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown; fields?: unknown };
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.message === 'string') message = body.message;
    if (body.fields && typeof body.fields === 'object') fields = body.fields as Record<string, string[]>;
  } catch {
    // No JSON body: the status says enough.
  }
  if (isTokenRefusal(res.status, code)) return new TokenRefused(res.status);
  if (res.status === 502 || res.status === 503 || res.status === 504) return new Unreachable(message);
  return new ApiError(res.status, code, message, fields);
}

/** The call that says whether the token still works: its refusal is the kiosk's end. */
export const TOKEN_CHECK = '/kiosk-device/heartbeat';

/**
 * The device API for `token`. A refusal of the token check (the heartbeat) runs `onTokenRefused`
 * once, before the call rejects. A refusal of any other call runs `onTokenDoubt` (the app checks the
 * token then): an API path this server does not have yet also answers 401. `onReachable` hears
 * whether each call reached the server.
 */
export function createDeviceApi(
  token: string,
  hooks: { onTokenRefused: () => void; onTokenDoubt: () => void; onReachable: (reachable: boolean) => void },
  fetcher: typeof fetch = (...args) => fetch(...args),
): DeviceApi {
  let refused = false;
  async function send(method: string, path: string, init: RequestInit = {}): Promise<Response> {
    let res: Response;
    try {
      res = await fetcher(`${API}${path}`, {
        ...init,
        method,
        cache: 'no-store',
        headers: {
          authorization: `Bearer ${token}`,
          // The server's messages in the language on screen (a visitor may have chosen another).
          'x-lang': globalThis.document?.documentElement.lang || 'en',
          ...(init.headers as Record<string, string> | undefined),
        },
      });
    } catch (error) {
      hooks.onReachable(false);
      throw new Unreachable(error instanceof Error ? error.message : String(error));
    }
    if (res.ok) {
      hooks.onReachable(true);
      return res;
    }
    const error = await errorOf(res);
    hooks.onReachable(!(error instanceof Unreachable));
    if (error instanceof TokenRefused && path !== TOKEN_CHECK) hooks.onTokenDoubt();
    else if (error instanceof TokenRefused && !refused) {
      refused = true;
      hooks.onTokenRefused();
    }
    throw error;
  }
  return {
    json: async <T>(method: string, path: string, body?: unknown) => {
      const res = await send(
        method,
        path,
        body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
      );
      return (res.status === 204 ? null : await res.json()) as T;
    },
    blob: async (path) => {
      try {
        return await (await send('GET', path)).blob();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    upload: async <T>(path: string, file: Blob, name: string) => {
      const form = new FormData();
      form.append('file', file, name);
      return (await (await send('PUT', path, { body: form })).json()) as T;
    },
  };
}
