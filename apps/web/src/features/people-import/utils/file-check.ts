import { IMPORT_LIMITS } from '@app/shared/people/import';

// What the browser can tell of a chosen file before sending it (spec §5: the sheet .xlsx only, at most
// 2 MB; the photo zip at most 50 MB). Help only: the server reads the file itself and decides.

export type FileProblem = { key: 'not_xlsx' | 'not_zip' | 'too_large'; size?: number };

const XLSX_TYPES = new Set(['', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
const ZIP_TYPES = new Set(['', 'application/zip', 'application/x-zip-compressed', 'application/x-zip']);

const endsWith = (name: string, extension: string) => name.trim().toLowerCase().endsWith(extension);

/** A sheet that is no .xlsx workbook (a .xls, .csv or .xlsm, say) or is over 2 MB. */
export function sheetFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): FileProblem | null {
  if (!endsWith(file.name, '.xlsx') || !XLSX_TYPES.has(file.type)) return { key: 'not_xlsx' };
  if (file.size > IMPORT_LIMITS.maxBytes) return { key: 'too_large', size: IMPORT_LIMITS.maxBytes };
  return null;
}

/** A photo archive that is no .zip or is over 50 MB. */
export function zipFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): FileProblem | null {
  if (!endsWith(file.name, '.zip') || !ZIP_TYPES.has(file.type)) return { key: 'not_zip' };
  if (file.size > IMPORT_LIMITS.zipMaxBytes) return { key: 'too_large', size: IMPORT_LIMITS.zipMaxBytes };
  return null;
}

/** A limit in whole megabytes or kilobytes (2 MB, 500 KB), as the hints and messages say it. */
export function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * A reading that runs left to right (a size, a width × height) set apart from the sentence around it,
 * so an Arabic sentence keeps "2 MB" whole and in its order.
 */
export const isolated = (text: string): string => `\u2066${text}\u2069`;
