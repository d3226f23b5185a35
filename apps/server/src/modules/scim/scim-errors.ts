import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// SCIM's own error answers (RFC 7644 §3.12): an identity provider reads `status` (a string) and
// `scimType`, never our API's `{ code, message }`. Services throw a ScimError; the SCIM plugin's error
// handler answers it, and turns what Fastify or the database refuse into the nearest SCIM error.

export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** RFC 7644 §3.12, table 9. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | null,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export type ScimErrorBody = { schemas: string[]; status: string; scimType?: ScimType; detail: string };

export const scimErrorBody = (error: ScimError): ScimErrorBody => ({
  schemas: [ERROR_SCHEMA],
  status: String(error.status),
  ...(error.scimType ? { scimType: error.scimType } : {}),
  detail: error.detail,
});

export const invalidValue = (detail: string) => new ScimError(400, 'invalidValue', detail);
export const invalidSyntax = (detail: string) => new ScimError(400, 'invalidSyntax', detail);
export const invalidFilter = (detail: string) => new ScimError(400, 'invalidFilter', detail);
export const uniqueness = (detail: string) => new ScimError(409, 'uniqueness', detail);
export const mutability = (detail: string) => new ScimError(400, 'mutability', detail);
export const noTarget = (detail: string) => new ScimError(400, 'noTarget', detail);
export const notFound = (kind: 'User' | 'Group', id: string) =>
  new ScimError(404, null, `${kind} ${JSON.stringify(id)} not found`);
export const preconditionFailed = () =>
  new ScimError(412, null, 'The resource has changed since the version given in If-Match');
/** Absent, malformed or unknown credentials (401 carries `WWW-Authenticate: Bearer`). */
export const unauthorized = () => new ScimError(401, null, 'A valid bearer token is required');

export function sendScimError(reply: FastifyReply, error: ScimError): FastifyReply {
  if (error.status === 401) void reply.header('www-authenticate', 'Bearer realm="scim"');
  return reply.status(error.status).type(SCIM_CONTENT_TYPE).send(scimErrorBody(error));
}

/** Fastify's refusals of a body, as SCIM calls them. */
const BODY_REFUSALS: Record<string, ScimError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: invalidSyntax('The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: invalidSyntax('The request body is empty'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: invalidSyntax('The request body does not match its Content-Length'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new ScimError(415, null, 'Send application/scim+json or application/json'),
  FST_ERR_CTP_BODY_TOO_LARGE: new ScimError(413, null, 'The request body is too large'),
};

/** The SQLSTATE and constraint of a database error, wherever the driver or drizzle put it. */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return {};
}

/** A unique index the database refused while two requests raced past the service's own checks. */
const UNIQUE_DETAILS: Record<string, string> = {
  scim_users_user_name_key: 'userName is already taken',
  people_entity_email_key: 'The email address is already taken by another person',
  people_entity_phone_key: 'The phone number is already taken by another person',
  people_entity_id_number_key: 'The employee number is already taken by another person',
  scim_users_entity_id_id_pk: 'The person is already a SCIM user',
};

/** What a failure means to the identity provider, when it is the request's fault (else null). */
export function asScimError(error: unknown): ScimError | null {
  if (error instanceof ScimError) return error;
  const fastify = error as Partial<FastifyError>;
  const refusal = fastify.code ? BODY_REFUSALS[fastify.code] : undefined;
  if (refusal) return refusal;
  if (fastify.statusCode === 429)
    return new ScimError(429, null, 'Too many requests: try again after Retry-After seconds');
  const { code, constraint } = databaseError(error);
  if (code === '23505') return uniqueness(UNIQUE_DETAILS[constraint ?? ''] ?? 'A value is taken');
  // A data exception: the database refused a value (too long for its type, out of range).
  if (code?.startsWith('22')) return invalidValue('A value was refused as invalid');
  if (fastify.statusCode && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    return new ScimError(fastify.statusCode, null, 'The request was refused');
  }
  return null;
}

/** The SCIM plugin's one error handler: every failure answers a SCIM error body; 5xx details stay in the log. */
export function answerScimError(error: FastifyError | ScimError, req: FastifyRequest, reply: FastifyReply) {
  const known = asScimError(error);
  if (known) return sendScimError(reply, known);
  req.log.error({ err: error }, 'SCIM request failed');
  return sendScimError(reply, new ScimError(500, null, 'Internal error'));
}
