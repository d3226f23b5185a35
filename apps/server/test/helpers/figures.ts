import { appendFileSync } from 'node:fs';

/**
 * A security suite's result line, e.g. "authorization matrix: 231 operations × 44 callers, 0 mismatches".
 * Written to the run's output, and appended to SECURITY_FIGURES_FILE when set, which .ci/run prints
 * at the end of the run (once per database the suites ran on).
 */
export function reportFigure(suite: string, line: string) {
  const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';
  const text = `${suite} (${db}): ${line}`;
  process.stdout.write(`${text}\n`);
  const file = process.env.SECURITY_FIGURES_FILE;
  if (file) appendFileSync(file, `${text}\n`);
}
