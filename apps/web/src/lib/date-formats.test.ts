// Dates are written one way across the dashboard (spec §9: DD/MM/YYYY, 24-hour), by lib/dates.ts. A
// screen that formats a date its own way ("Nov 24, 2026, 7:32 AM" beside "24/11/2026 07:32") is
// found here before anyone sees it. The visitor's own pages (pre-registration, card enrolment, kiosk
// registration) speak to the visitor in their language and are left to their feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const webSrc = decodeURIComponent(new URL('..', import.meta.url).pathname);
const VISITOR_PAGES = ['features/pre-registration/', 'features/rfid-public/', 'features/kiosk-register/'];
const OWN_FORMAT = /dateStyle|timeStyle|toLocaleDateString|toLocaleTimeString/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates written one way', () => {
  it('leaves no screen of the dashboard formatting dates its own way', () => {
    const offenders = sourceFiles(webSrc)
      .map((path) => relative(webSrc, path))
      .filter((file) => !VISITOR_PAGES.some((page) => file.startsWith(page)))
      .filter((file) => OWN_FORMAT.test(readFileSync(join(webSrc, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
