import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { megabytes } from './images';

/**
 * The one file of a multipart request, in memory, refusing more than maxBytes, with the name its sender
 * gave it (only a hint: it says nothing about the content, and is cleaned before it is stored or shown).
 */
export async function readSingleUpload(
  req: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<{ data: Buffer; filename: string }> {
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
  return { data, filename: part.filename };
}

/** The bytes of the one file of a multipart request, refusing more than maxBytes. */
export async function readSingleFile(req: FastifyRequest, field: string, maxBytes: number): Promise<Buffer> {
  return (await readSingleUpload(req, field, maxBytes)).data;
}
