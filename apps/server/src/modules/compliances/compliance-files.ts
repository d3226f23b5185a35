// Agreement files (spec §3 "agreement text (text, pdf or image)"): a PDF without active content, or a
// PNG or JPG stored re-encoded, known by its content and at most 5 MB. A file is uploaded first and then
// named by the compliance that shows it; it is never replaced or removed, because earlier versions (and
// the answers given to them) keep pointing at it.
import type { FastifyRequest } from 'fastify';
import { COMPLIANCE_LIMITS, type AgreementFile } from '@app/shared/compliances/schemas';
import { AppError } from '../../lib/app-error';
import { checkDocument, storedFileType } from '../../lib/documents';
import { cleanFileName } from '../../lib/file-serving';
import type { FileStore } from '../../lib/file-store';
import { randomToken } from '../../lib/tokens';
import { readSingleUpload } from '../../lib/uploads';

export const FILE_FIELD = 'file';

/** The one file of a multipart request with its name, refusing more than the limit. */
export const readAgreementUpload = (req: FastifyRequest) =>
  readSingleUpload(req, FILE_FIELD, COMPLIANCE_LIMITS.fileMaxBytes);

export const agreementFileKey = (entityId: string, fileId: string) => `entities/${entityId}/compliances/${fileId}`;

export async function storeAgreementFile(
  files: FileStore,
  entityId: string,
  data: Buffer,
  filename: string,
): Promise<AgreementFile> {
  const checked = await checkDocument(data, FILE_FIELD, COMPLIANCE_LIMITS.fileMaxBytes);
  if (!checked) throw new AppError('rule_violation', { field: FILE_FIELD, messageKey: 'compliance_file_type' });
  const { ext, mime } = checked.type;
  const id = `${randomToken(18)}.${ext}`;
  await files.put(agreementFileKey(entityId, id), checked.data);
  return { id, name: cleanFileName(filename, `agreement.${ext}`), mime, size: checked.data.length };
}

/**
 * The agreement file a body names, as stored: it must have been uploaded to this company, and its
 * type and size are read from the file rather than taken from the body; its name is cleaned like an
 * uploaded one, since the body may say anything.
 */
export async function resolveAgreementFile(
  files: FileStore,
  entityId: string,
  file: AgreementFile,
  field: string,
): Promise<AgreementFile> {
  const data = await files.get(agreementFileKey(entityId, file.id));
  const type = data ? storedFileType(data) : null;
  if (!data || !type) throw new AppError('rule_violation', { field, messageKey: 'compliance_file_missing' });
  return { id: file.id, name: cleanFileName(file.name, `agreement.${type.ext}`), mime: type.mime, size: data.length };
}
