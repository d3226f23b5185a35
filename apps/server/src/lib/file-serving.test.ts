import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@app/shared/constants';
import { makePng } from '../../test/helpers/images';
import { HTML_AS_PDF, makeCleanPdf, makePolyglotPng, SVG_WITH_SCRIPT } from '../../test/helpers/upload-fixtures';
import { cleanFileName, contentDisposition, sendStoredFile, USER_FILE_CSP } from './file-serving';

describe('cleanFileName', () => {
  it('keeps only the last path part', () => {
    expect(cleanFileName('../../etc/passwd', 'file')).toBe('passwd');
    expect(cleanFileName('..\\..\\Windows\\win.ini', 'file')).toBe('win.ini');
    expect(cleanFileName('C:\\Users\\me\\NDA 2026.pdf', 'file')).toBe('NDA 2026.pdf');
    expect(cleanFileName('/', 'file.pdf')).toBe('file.pdf');
    expect(cleanFileName('../..', 'file.pdf')).toBe('file.pdf');
    expect(cleanFileName('a/..', 'file.pdf')).toBe('file.pdf');
  });

  it('drops quotes, control characters and the marks that reverse text', () => {
    expect(cleanFileName('evil"\r\nSet-Cookie: x=1.pdf', 'file')).toBe('evilSet-Cookie: x=1.pdf');
    expect(cleanFileName('tab\there\u0000.pdf', 'file')).toBe('tabhere.pdf');
    expect(cleanFileName('invoice\u202Efdp.exe', 'file')).toBe('invoicefdp.exe');
    expect(cleanFileName('   ', 'file.png')).toBe('file.png');
    expect(cleanFileName('Reglas – señal ✓.pdf', 'file')).toBe('Reglas – señal ✓.pdf');
  });

  it('cuts a long name to the limit, keeping its extension and whole characters', () => {
    const long = cleanFileName(`${'é'.repeat(300)}.pdf`, 'file');
    expect([...long]).toHaveLength(LIMITS.fileNameMax);
    expect(long.endsWith('é.pdf')).toBe(true);
    expect([...cleanFileName('😀'.repeat(250), 'file')]).toHaveLength(LIMITS.fileNameMax);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII name in quotes and the UTF-8 one by RFC 5987', () => {
    expect(contentDisposition('attachment', 'NDA 2026.pdf')).toBe(
      `attachment; filename="NDA 2026.pdf"; filename*=UTF-8''NDA%202026.pdf`,
    );
    expect(contentDisposition('inline', "Reglas (señal)'s 100%.pdf")).toBe(
      `inline; filename="Reglas (se_al)'s 100_.pdf"; filename*=UTF-8''Reglas%20%28se%C3%B1al%29%27s%20100%25.pdf`,
    );
  });
});

describe('sendStoredFile', () => {
  const serve = async (data: Buffer, name: string) => {
    const app = Fastify();
    app.get('/f', (_req, reply) => sendStoredFile(reply, data, { name, cache: 'private, max-age=60' }));
    const res = await app.inject({ url: '/f' });
    await app.close();
    return res;
  };

  it('serves an image inline with its type by content, nosniff and a sandbox', async () => {
    const res = await serve(makePng(2, 2), 'logo.jpg');
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="logo.jpg.png"; filename*=UTF-8''logo.jpg.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': USER_FILE_CSP,
      'cache-control': 'private, max-age=60',
    });
    expect(USER_FILE_CSP).toBe("default-src 'none'; sandbox");
    expect((await serve(makePolyglotPng(), 'x.png')).headers['content-type']).toBe('image/png');
  });

  it('serves a PDF as a download named .pdf, and anything else as bytes to download', async () => {
    const pdf = await serve(makeCleanPdf(), '../../etc/passwd');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`);
    for (const other of [HTML_AS_PDF, SVG_WITH_SCRIPT]) {
      const res = await serve(other, 'page.html');
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="page\.html"/);
      expect(res.headers['content-security-policy']).toBe(USER_FILE_CSP);
    }
  });
});
