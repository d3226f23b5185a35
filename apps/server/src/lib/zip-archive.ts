// Reading an uploaded zip (the people import's photo zip: at most 50 MB, flat, photos of at most
// 500 KB). Nothing a zip says about itself is believed: sizes are counted while inflating and an entry
// is dropped the moment it passes its cap, the unpacked total and the compression ratio are bounded, and
// only plain files at the top level are read (no folders, links, absolute or `..` paths, backslashes,
// encryption). Entries are held in memory, never written to disk under their own names.
import type { Entry } from 'yauzl';
import { LIMITS } from '@app/shared/constants';
import { AppError } from './app-error';
import { megabytes } from './images';

export type ZipLimits = {
  /** The zip's own size. */
  maxBytes: number;
  maxEntries: number;
  /** Unpacked bytes of one entry. */
  maxEntryBytes: number;
  /** Unpacked bytes of all entries together. */
  maxTotalBytes: number;
  /** Unpacked bytes per packed byte of an entry (a photo barely compresses; a bomb is all ratio). */
  maxRatio: number;
};

export const PHOTO_ZIP_LIMITS: ZipLimits = {
  maxBytes: LIMITS.zipMaxBytes,
  maxEntries: LIMITS.zipMaxEntries,
  maxEntryBytes: LIMITS.zipPhotoMaxBytes,
  maxTotalBytes: LIMITS.zipMaxBytes,
  maxRatio: 100,
};

export type ZipEntry = { name: string; data: Buffer };

// Small entries compress well whatever they hold (a 1 KB run of zeros is 20 bytes packed): the ratio is
// judged against at least this many packed bytes.
const RATIO_FLOOR_BYTES = 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const MADE_BY_UNIX = 3;
const DOS_DIRECTORY = 0x10;

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** An entry's name as it may appear in a message. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const shown = (name: string) => [...name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')].slice(0, 100).join('');

function checkEntry(entry: Entry, name: string, limits: ZipLimits, field: string) {
  const refuse = (messageKey: string) =>
    new AppError('rule_violation', { field, messageKey, vars: { name: shown(name) } });
  const mode = entry.externalFileAttributes >>> 16;
  const unixType = entry.versionMadeBy >> 8 === MADE_BY_UNIX ? mode & S_IFMT : 0;
  if (name.endsWith('/') || unixType === S_IFDIR || entry.externalFileAttributes & DOS_DIRECTORY) {
    throw refuse('zip_folder');
  }
  if (
    !name ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((part) => part === '..' || part === '.') ||
    CONTROL.test(name)
  ) {
    throw refuse('zip_entry_name');
  }
  if (name.includes('/')) throw refuse('zip_folder');
  // Symbolic links, devices, pipes: only plain files are read.
  if (unixType !== 0 && unixType !== S_IFREG) throw refuse('zip_entry_type');
  if (entry.isEncrypted()) throw refuse('zip_encrypted');
  if (!entry.canDecodeFileData()) throw refuse('zip_invalid_entry');
  // Declared sizes may lie low, never high: a declared size past a limit is refused before inflating.
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    throw new AppError('file_too_large', {
      field,
      messageKey: 'zip_entry_too_large',
      vars: { name: shown(name), size: megabytes(limits.maxEntryBytes) },
    });
  }
  if (entry.uncompressedSize > Math.max(entry.compressedSize, RATIO_FLOOR_BYTES) * limits.maxRatio) {
    throw refuse('zip_ratio');
  }
}

/**
 * The zip's entries, one at a time, each with its bytes. Throws a translated AppError naming the field
 * at the first rule broken; the entries yielded before it were within every limit.
 */
export async function* readZipEntries(
  buf: Buffer,
  limits: ZipLimits = PHOTO_ZIP_LIMITS,
  field = 'zip',
): AsyncGenerator<ZipEntry> {
  if (buf.length > limits.maxBytes) {
    throw new AppError('file_too_large', { field, vars: { size: megabytes(limits.maxBytes) } });
  }
  const invalid = () => new AppError('rule_violation', { field, messageKey: 'zip_invalid' });
  // Loaded with the first archive: an idle server never needs it.
  const { default: yauzl } = await import('yauzl');
  const zip = await yauzl
    // Names are decoded below without yauzl's rewriting (it turns `\` into `/`); sizes are our own count.
    .fromBufferPromise(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false })
    .catch(() => {
      throw invalid();
    });
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new AppError('rule_violation', {
        field,
        messageKey: 'zip_too_many_entries',
        vars: { max: limits.maxEntries },
      });
    }
    let total = 0;
    const entries = zip.eachEntry();
    for (;;) {
      const next = await entries.next().catch(() => {
        throw invalid();
      });
      if (next.done) return;
      const entry = next.value;
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      checkEntry(entry, name, limits, field);
      const stream = await zip.openReadStreamPromise(entry).catch(() => {
        throw invalid();
      });
      const ratioCap = Math.max(entry.compressedSize, RATIO_FLOOR_BYTES) * limits.maxRatio;
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          total += chunk.length;
          // Leaving the loop destroys the stream: nothing more is inflated.
          if (size > limits.maxEntryBytes) {
            throw new AppError('file_too_large', {
              field,
              messageKey: 'zip_entry_too_large',
              vars: { name: shown(name), size: megabytes(limits.maxEntryBytes) },
            });
          }
          if (total > limits.maxTotalBytes) {
            throw new AppError('file_too_large', {
              field,
              messageKey: 'zip_unpacked_too_large',
              vars: { size: megabytes(limits.maxTotalBytes) },
            });
          }
          if (size > ratioCap) {
            throw new AppError('rule_violation', { field, messageKey: 'zip_ratio', vars: { name: shown(name) } });
          }
          chunks.push(chunk);
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw invalid();
      }
      // A size that lied low is a damaged or crafted zip, even when it stayed within the limits.
      if (size !== entry.uncompressedSize) throw invalid();
      yield { name, data: Buffer.concat(chunks, size) };
    }
  } finally {
    zip.close();
  }
}
