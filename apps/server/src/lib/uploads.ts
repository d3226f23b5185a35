import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Reads the one file of a multipart request into memory, refusing more than maxBytes. */
export async function readSingleFile(req: FastifyRequest, field: string, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('validation_failed', { field, messageKey: 'file_required' });
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  if (!part) throw new AppError('validation_failed', { field, messageKey: 'file_required' });
  const data = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('file_too_large', { field, vars: { size: megabytes(maxBytes) } });
    }
    throw err;
  });
  if (part.file.truncated) throw new AppError('file_too_large', { field, vars: { size: megabytes(maxBytes) } });
  if (data.length === 0) throw new AppError('validation_failed', { field, messageKey: 'file_required' });
  return data;
}
