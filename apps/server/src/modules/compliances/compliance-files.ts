// Agreement files (spec §3 "agreement text (text, pdf or image)"): a PDF, PNG or JPG, known by its
// content and at most 5 MB. A file is uploaded first and then named by the compliance that shows it;
// it is never replaced or removed, because earlier versions (and the answers given to them) keep
// pointing at it.
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import { COMPLIANCE_LIMITS, type AgreementFile, type AgreementFileType } from '@app/shared/compliances/schemas';
import { AppError } from '../../lib/app-error';
import { detectImageKind } from '../../lib/images';
import { randomToken } from '../../lib/tokens';
import type { FileStore } from '../../lib/file-store';

export const FILE_FIELD = 'file';
const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const tooLarge = () =>
  new AppError('file_too_large', { field: FILE_FIELD, vars: { size: megabytes(COMPLIANCE_LIMITS.fileMaxBytes) } });

/** The file's type by its first bytes, never by its name or declared type. */
export function agreementFileType(data: Buffer): { mime: AgreementFileType; ext: 'pdf' | 'png' | 'jpg' } | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-')
    return { mime: 'application/pdf', ext: 'pdf' };
  const image = detectImageKind(data);
  if (!image) return null;
  try {
    const size = imageSize(data);
    if (!size.width || !size.height) return null;
  } catch {
    return null;
  }
  return image === 'png' ? { mime: 'image/png', ext: 'png' } : { mime: 'image/jpeg', ext: 'jpg' };
}

/** The one file of a multipart request with its name, refusing more than the limit. */
export async function readAgreementUpload(req: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  if (!req.isMultipart()) throw new AppError('validation_failed', { field: FILE_FIELD, messageKey: 'file_required' });
  const part = await req.file({ limits: { fileSize: COMPLIANCE_LIMITS.fileMaxBytes, files: 1, fields: 5 } });
  if (!part) throw new AppError('validation_failed', { field: FILE_FIELD, messageKey: 'file_required' });
  const data = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  });
  if (part.file.truncated) throw tooLarge();
  if (data.length === 0) throw new AppError('validation_failed', { field: FILE_FIELD, messageKey: 'file_required' });
  return { data, filename: part.filename };
}

/** A file name fit to show and to send back in a header: no path, no control characters. */
export function cleanFileName(name: string, ext: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== '\u007f' && ch !== '"')
    .join('')
    .trim()
    .slice(0, COMPLIANCE_LIMITS.fileNameMax);
  return base || `agreement.${ext}`;
}

export const agreementFileKey = (entityId: string, fileId: string) => `entities/${entityId}/compliances/${fileId}`;

export async function storeAgreementFile(
  files: FileStore,
  entityId: string,
  data: Buffer,
  filename: string,
): Promise<AgreementFile> {
  if (data.length > COMPLIANCE_LIMITS.fileMaxBytes) throw tooLarge();
  const type = agreementFileType(data);
  if (!type) throw new AppError('rule_violation', { field: FILE_FIELD, messageKey: 'compliance_file_type' });
  const id = `${randomToken(18)}.${type.ext}`;
  await files.put(agreementFileKey(entityId, id), data);
  return { id, name: cleanFileName(filename, type.ext), mime: type.mime, size: data.length };
}

/**
 * The agreement file a body names, as stored: it must have been uploaded to this company, and its
 * type and size are read from the file rather than taken from the body.
 */
export async function resolveAgreementFile(
  files: FileStore,
  entityId: string,
  file: AgreementFile,
  field: string,
): Promise<AgreementFile> {
  const data = await files.get(agreementFileKey(entityId, file.id));
  const type = data ? agreementFileType(data) : null;
  if (!data || !type) throw new AppError('rule_violation', { field, messageKey: 'compliance_file_missing' });
  return { id: file.id, name: file.name, mime: type.mime, size: data.length };
}
