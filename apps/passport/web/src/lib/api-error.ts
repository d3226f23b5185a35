// The passport API's error shape, `{ code, message, fields?: { <field>: message } }`, its message already
// in the language the request asked for. Anything else (a proxy's HTML page, an empty body) still becomes
// an ApiError with a message the person can read.

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors;
  /** Seconds to wait before trying again (429), when the server says. */
  readonly retryAfter: number | undefined;

  constructor(init: { status: number; code: string; message: string; fields?: FieldErrors; retryAfter?: number }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A field's message: a string, or a list of them (the dashboard API's form) joined into one line. */
function fieldMessages(value: unknown): FieldErrors | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields: FieldErrors = {};
  for (const [name, message] of Object.entries(value)) {
    const joined = Array.isArray(message) ? message.map(text).filter(Boolean).join(' ') : text(message);
    if (joined) fields[name] = joined;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The error a failed response stands for. `fallback` is the message when the body has none. */
export function parseApiError(
  status: number,
  body: unknown,
  fallback: string,
  retryAfterHeader?: string | null,
): ApiError {
  const data = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const retry = Number(retryAfterHeader);
  return new ApiError({
    status,
    code: text(data.code) ?? `http_${status}`,
    message: text(data.message) ?? fallback,
    fields: fieldMessages(data.fields),
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
  });
}

/** Whatever a call threw, as an ApiError (a bug or a dropped connection gets `fallback` as its message). */
export function asApiError(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ status: 0, code: 'unknown', message: fallback });
}
