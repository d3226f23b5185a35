// The bench's one table: a row per case and database with its figure, the baseline or target beside
// it, and whether the target is met. Printed aligned on the console and written as Markdown.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from '../dataset/data-set';

export type Row = {
  case: string;
  database: DatabaseKind | '–';
  figure: string;
  /** The baseline it is compared with, or the target it must reach. */
  against: string;
  /** true met, false not met, null not judged (a baseline, a case that failed or was not measured). */
  met: boolean | null;
};

export const verdict = (met: boolean | null) => (met === null ? '–' : met ? 'met' : 'NOT MET');

const HEAD = ['case', 'database', 'figure', 'baseline / target', 'result'] as const;
const cells = (r: Row) => [r.case, r.database, r.figure, r.against, verdict(r.met)];

export function consoleTable(rows: Row[]): string {
  const all = [HEAD as readonly string[], ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(HEAD), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map((r) => line(cells(r)))].join('\n');
}

const md = (text: string) => text.replace(/\|/g, '\\|');

export function markdownTable(rows: Row[]): string {
  return [
    `| ${HEAD.join(' | ')} |`,
    `|${HEAD.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${cells(r).map(md).join(' | ')} |`),
  ].join('\n');
}

export function writeMarkdown(file: string, title: string, context: string[], rows: Row[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, [`# ${title}`, '', ...context.map((c) => `- ${c}`), '', markdownTable(rows), ''].join('\n'));
}
