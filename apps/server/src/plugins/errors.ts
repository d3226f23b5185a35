import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@app/shared/http/errors';
import {
  fieldLabelVars,
  fieldPath,
  labelVars,
  issueText,
  labelPath,
  valueAt,
  type RequestPart,
} from '@app/shared/http/field-messages';
import { AppError } from '../lib/app-error';
import { pickLanguage, t } from '../lib/i18n';

type Issue = { instancePath?: string; keyword: string; message?: string; params?: Record<string, unknown> };

const PARTS = new Set<string>(['body', 'querystring', 'params']);
const partOf = (context: unknown): RequestPart => (PARTS.has(String(context)) ? (context as RequestPart) : 'body');

/** The route's zod schema of a request part, to tell its record keys from its field names. */
export const schemaOf = (req: FastifyRequest, part: RequestPart): unknown => req.routeOptions.schema?.[part];

/**
 * The label naming a field of a request in the caller's language (never a raw key), with its gender:
 * a message's `field` and `context`.
 */
export const labelOf = (req: FastifyRequest, path: readonly PropertyKey[], part: RequestPart = 'body') =>
  fieldLabelVars(labelPath(schemaOf(req, part), path), (key, vars) => t(req.lang, key, vars), part);

/** A 400 naming one field: `fields: { <path>: [<sentence naming the field by its label>] }`. */
export function fieldError(
  req: FastifyRequest,
  path: readonly PropertyKey[],
  part: RequestPart,
  messageKey: string,
  vars: Record<string, string | number> = {},
): AppError {
  return new AppError('validation_failed', {
    field: fieldPath(path, part),
    messageKey,
    vars: { ...vars, ...labelOf(req, path, part) },
  });
}

/**
 * What Fastify refuses before any hook runs: an address that is not valid UTF-8, or a path parameter
 * past its length. A 400 naming the path parameters, in the caller's language (Fastify's option
 * `frameworkErrors`).
 */
export function answerFrameworkError(_error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = pickLanguage(req.headers);
  const message = t(
    lang,
    'errors:field.invalid',
    labelVars('errors:fields.params', (key) => t(lang, key)),
  );
  const body: ErrorBody = { code: 'validation_failed', message, fields: { params: [message] } };
  void reply.status(400).send(body);
}

const sentPart = (req: FastifyRequest, part: RequestPart): unknown =>
  part === 'body' ? req.body : part === 'querystring' ? req.query : req.params;

function translateIssues(req: FastifyRequest, issues: Issue[], part: RequestPart): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const message = issueText(
      // What was sent decides between "is required" (left empty) and "has the wrong type".
      { ...issue.params, code: issue.keyword, message: issue.message, path, input: valueAt(sentPart(req, part), path) },
      (key, vars) => t(req.lang, key, vars),
      part,
      schemaOf(req, part),
    );
    (fields[fieldPath(path, part)] ??= []).push(message);
  }
  return fields;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  // The message names the rule that was broken (messageKey) when there is one, else the code's; a
  // message about a field that was given no label names it by the field's own, agreeing with its gender.
  const { field, vars } = error.options;
  const label = field && vars?.field === undefined ? fieldLabelVars(field.split('.'), (key) => t(req.lang, key)) : {};
  const message = t(req.lang, `errors:${error.options.messageKey ?? error.code}`, { ...vars, ...label });
  const body: ErrorBody = { code: error.code, message };
  if (error.options.field) body.fields = { [error.options.field]: [message] };
  if (error.options.otpError) body.otp_error = true;
  if (error.options.retryAfter !== undefined) {
    body.retry_after = error.options.retryAfter;
    void reply.header('retry-after', String(error.options.retryAfter));
  }
  return reply.status(error.status).send(body);
}

/**
 * What Fastify refuses before our code sees the request (its body parser), as the field message it
 * deserves: the body is the field.
 */
const BODY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'field.invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'field.required',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'field.not_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'field.invalid',
};

/** The SQLSTATE of a database error, wherever the driver or the ORM put it (drizzle wraps it in `cause`). */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** One error handler: typed errors → status + translated message; 5xx details never reach the client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = translateIssues(req, error.validation, partOf(error.validationContext));
      const body: ErrorBody = {
        code: 'validation_failed',
        message: Object.values(fields)[0]?.[0] ?? t(req.lang, 'errors:validation_failed'),
        fields,
      };
      return reply.status(400).send(body);
    }
    const refusal = BODY_REFUSALS[error.code];
    if (refusal) return sendError(req, reply, fieldError(req, [], 'body', refusal));
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const seconds = Math.ceil(Number(reply.getHeader('retry-after') ?? 60));
      return sendError(req, reply, new AppError('too_many_requests', { vars: { seconds }, retryAfter: seconds }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const size = `${Math.round(app.initialConfig.bodyLimit! / 1024 / 1024)} MB`;
      const message = t(req.lang, 'errors:field.too_large', { ...labelOf(req, [], 'body'), size });
      return reply.status(413).send({ code: 'file_too_large', message, fields: { body: [message] } });
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply
        .status(413)
        .send({ code: 'file_too_large', message: t(req.lang, 'errors:file_too_large', { size: '' }) });
    }
    if (status >= 400 && status < 500) {
      // Fastify's other client errors (a multipart request that is not one, ...): the body is at fault.
      const refused = fieldError(req, [], 'body', 'field.invalid');
      const message = t(req.lang, `errors:${refused.options.messageKey}`, refused.options.vars);
      return reply.status(status).send({ code: 'validation_failed', message, fields: { body: [message] } });
    }
    const state = sqlState(error);
    if (state?.startsWith('22')) {
      // A data exception: the database refused a value the schemas let through (out of range, not
      // valid for its type). The client sent it, so it is a 400, never a 500; the warning keeps
      // the missing bound visible, and the answer names no field, which the fuzzing suite refuses.
      req.log.warn(
        { err: error, sqlState: state, route: `${req.method} ${req.routeOptions.url}` },
        'value refused by the database',
      );
      return reply.status(400).send({ code: 'validation_failed', message: t(req.lang, 'errors:validation_failed') });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'internal', message: t(req.lang, 'errors:internal') });
  });
});
