import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@app/shared/http/errors';
import { fieldMessage, fieldName } from '@app/shared/http/field-messages';
import { AppError } from '../lib/app-error';
import { t } from '../lib/i18n';

type Issue = { instancePath?: string; keyword: string; message?: string; params?: Record<string, unknown> };

function translateIssues(req: FastifyRequest, issues: Issue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean);
    const params = issue.params ?? {};
    const explicitPath = Array.isArray(params.path) ? (params.path as string[]) : path;
    const name = fieldName(explicitPath.length ? explicitPath : path);
    const { key, vars } = fieldMessage({ code: issue.keyword, message: issue.message, ...params });
    const label = t(req.lang, `errors:fields.${name.split('.').pop() ?? name}`);
    const message = t(req.lang, key, { ...vars, field: label.startsWith('fields.') ? name : label });
    (fields[name] ??= []).push(message);
  }
  return fields;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  // The message names the rule that was broken (messageKey) when there is one, else the code's.
  const message = t(req.lang, `errors:${error.options.messageKey ?? error.code}`, error.options.vars);
  const body: ErrorBody = { code: error.code, message };
  if (error.options.field) body.fields = { [error.options.field]: [message] };
  if (error.options.otpError) body.otp_error = true;
  if (error.options.retryAfter !== undefined) {
    body.retry_after = error.options.retryAfter;
    void reply.header('retry-after', String(error.options.retryAfter));
  }
  return reply.status(error.status).send(body);
}

/** One error handler: typed errors → status + translated message; 5xx details never reach the client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return sendError(req, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = translateIssues(req, error.validation);
      const body: ErrorBody = {
        code: 'validation_failed',
        message: Object.values(fields)[0]?.[0] ?? t(req.lang, 'errors:validation_failed'),
        fields,
      };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      const seconds = Math.ceil(Number(reply.getHeader('retry-after') ?? 60));
      return sendError(req, reply, new AppError('too_many_requests', { vars: { seconds }, retryAfter: seconds }));
    }
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply
        .status(413)
        .send({ code: 'file_too_large', message: t(req.lang, 'errors:file_too_large', { size: '' }) });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large, ...
      return reply.status(status).send({ code: 'validation_failed', message: t(req.lang, 'errors:validation_failed') });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'internal', message: t(req.lang, 'errors:internal') });
  });
});
