// How a load process gets its settings and hands back its figures: two JSON files named by the bench,
// so nothing is parsed out of a process's printed output.
import { readFileSync, writeFileSync } from 'node:fs';

export function readSettings<T>(): T {
  const file = process.argv[2];
  if (!file) throw new Error(`usage: ${process.argv[1]} <settings.json>`);
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export function writeResult(out: string, result: unknown): void {
  writeFileSync(out, JSON.stringify(result, null, 2));
}

export const sleep = (msValue: number) => new Promise<void>((resolve) => setTimeout(resolve, msValue));
