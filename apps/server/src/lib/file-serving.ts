// Every route that answers with an uploaded file's bytes goes through sendStoredFile, so none of them
// can be read by a browser as anything but what the bytes are: the type comes from the content, the
// browser may not sniff another, and the file runs nothing from our origin (no scripts, no same-origin
// rights) even when opened directly. Only images, which we re-encoded ourselves, are shown inline.
import type { FastifyReply } from 'fastify';
import { LIMITS } from '@app/shared/constants';
import { storedFileType } from './documents';

export const USER_FILE_CSP = "default-src 'none'; sandbox";

// C0 and C1 controls, and the marks that turn text around ("report‮fdp.exe" shows as "reportexe.pdf").
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g;

/**
 * A name an uploader gave a file, fit to store and show: its last path part only (`../../etc/passwd`
 * is `passwd`), without quotes or control characters, at most `LIMITS.fileNameMax` characters with its
 * extension kept. Empty, `.` or `..` gives the fallback.
 */
export function cleanFileName(name: string, fallback: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(UNSAFE_CHARS, '').trim();
  if (!base || /^\.+$/.test(base)) return fallback;
  const chars = [...base];
  if (chars.length <= LIMITS.fileNameMax) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return chars.slice(0, LIMITS.fileNameMax - [...ext].length).join('') + ext;
}

const EXTENSIONS: Record<string, string[]> = { pdf: ['pdf'], png: ['png'], jpg: ['jpg', 'jpeg'] };

/** The name with an extension that says what the bytes are, so a saved copy opens as that. */
function nameFor(name: string, ext: string | null): string {
  const clean = cleanFileName(name, ext ? `file.${ext}` : 'file');
  if (!ext) return clean;
  const has = clean.toLowerCase().split('.').pop()!;
  return clean.includes('.') && EXTENSIONS[ext]!.includes(has) ? clean : `${clean}.${ext}`;
}

// RFC 5987 attr-char: what encodeURIComponent leaves alone except ' ( ) *.
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A Content-Disposition value (RFC 6266): an ASCII name for old clients and the UTF-8 one. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** Sends stored bytes of an upload with their real type, a safe name and headers that keep them inert. */
export function sendStoredFile(reply: FastifyReply, data: Buffer, opts: { name: string; cache: string }) {
  const type = storedFileType(data);
  const inline = type?.kind === 'png' || type?.kind === 'jpg';
  return reply
    .header('content-type', type?.mime ?? 'application/octet-stream')
    .header(
      'content-disposition',
      contentDisposition(inline ? 'inline' : 'attachment', nameFor(opts.name, type?.ext ?? null)),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', USER_FILE_CSP)
    .header('cache-control', opts.cache)
    .send(data);
}
