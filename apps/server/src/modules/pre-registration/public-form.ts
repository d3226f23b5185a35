// Public forms that carry a file (a photo, a vaccination certificate): multipart fields read as text and
// parsed by the operation's zod schema, so a broken rule answers the same translated 400 as a JSON
// body would. A JSON body (no file) is parsed the same way.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

export type PublicForm = { fields: Record<string, unknown>; file: { data: Buffer; filename: string } | null };

/** The fields and the one file of a request (multipart, or JSON without a file). */
export async function readPublicForm(req: FastifyRequest, fileField: string, maxBytes: number): Promise<PublicForm> {
  if (!req.isMultipart()) {
    const body = req.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: PublicForm['file'] = null;
  const tooLarge = () => new AppError('file_too_large', { field: fileField, vars: { size: megabytes(maxBytes) } });
  for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 40, fieldSize: 64 * 1024 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      });
      if (part.file.truncated) throw tooLarge();
      if (data.length > 0) file = { data, filename: part.filename };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

// The error handler reads schema failures marked this way (fastify-type-provider-zod's own marker).
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/** The fields parsed by the schema, or the same 400 `validation_failed` a route schema would answer. */
export function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const error = Object.assign(new Error('validation failed'), {
    statusCode: 400,
    validation: parsed.error.issues.map((issue) => {
      const { path, code, message, ...params } = issue;
      return {
        [ZOD_ISSUE]: true,
        keyword: code,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${code}`,
        message,
        params,
      };
    }),
  });
  throw error;
}
