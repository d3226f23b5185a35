// An idle server holds only what it uses (issue 24 item 20): the large packages that only some requests
// need (spreadsheets, PDFs, zip files, mail delivery, Redis) are imported when first used, never with the
// server. A static import of one anywhere in the server's sources would load it at start and keep it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const LOADED_WHEN_USED = [
  'exceljs',
  'pdfkit',
  'yazl',
  'yauzl',
  'nodemailer',
  'ioredis',
  '@socket.io/redis-adapter',
  'sharp',
];

const sources = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
  .map((e) => path.join(e.parentPath, e.name));

/** `import … from '<pkg>'` that brings values (not `import type`, not a type-only named list). */
function staticValueImports(code: string, pkg: string): string[] {
  const escaped = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const pattern = new RegExp(`^import\\s+(?!type\\s)([^;]*?)\\s*from\\s*'${escaped}';`, 'gms');
  return [...code.matchAll(pattern)]
    .map((m) => m[1]!)
    .filter(
      (clause) =>
        !/^\{[^}]*\}$/s.test(clause) ||
        clause
          .slice(1, -1)
          .split(',')
          .some((n) => n.trim() && !n.trim().startsWith('type ')),
    );
}

describe('packages loaded when first used', () => {
  it('finds the server sources', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('tells a value import from a type import', () => {
    expect(staticValueImports("import ExcelJS from 'exceljs';", 'exceljs')).toHaveLength(1);
    expect(staticValueImports("import { ZipFile } from 'yazl';", 'yazl')).toHaveLength(1);
    expect(staticValueImports("import yauzl, { type Entry } from 'yauzl';", 'yauzl')).toHaveLength(1);
    expect(staticValueImports("import type ExcelJS from 'exceljs';", 'exceljs')).toHaveLength(0);
    expect(staticValueImports("import { type Entry } from 'yauzl';", 'yauzl')).toHaveLength(0);
    expect(staticValueImports("const { default: excel } = await import('exceljs');", 'exceljs')).toHaveLength(0);
  });

  it.each(LOADED_WHEN_USED)('no server module imports %s at start', (pkg) => {
    const offenders = sources.filter((file) => staticValueImports(readFileSync(file, 'utf8'), pkg).length > 0);
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
