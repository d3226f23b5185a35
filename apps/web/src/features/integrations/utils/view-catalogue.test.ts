// The keys the integration pages build at run time (a run's kind, a scan's status, a duplicate's
// reason…) exist for every value the contracts allow: the literal keys are checked by lib/i18n-keys.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCAN_STATUSES } from '@app/shared/integrations/schemas';
import { RUN_KINDS } from '@app/shared/integrations/status';
import { PERSON_STATUSES } from '@app/shared/people/schemas';
import { REASON_TYPES } from '@app/shared/attendance/reason-ranges';
import type { Catalogue } from '@app/shared/i18n/translate';
import { DUPLICATE_REASONS } from './fix-duplicate';
import { FIX_FIELDS } from './fix-error';

const catalogueUrl = new URL('../../../../../../packages/shared/src/i18n/en/integrations.view.json', import.meta.url);
const catalogue = JSON.parse(readFileSync(catalogueUrl, 'utf8')) as Catalogue;

function has(key: string): boolean {
  let node: Catalogue | string | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

describe('keys built at run time', () => {
  it.each([
    ...RUN_KINDS.map((kind) => `sync_logs.kinds.${kind}`),
    ...['created', 'updated', 'archived', 'failed', 'errors', 'duplicates'].map((c) => `sync_logs.columns.${c}`),
    ...SCAN_STATUSES.map((status) => `write_back_page.statuses.${status}`),
    ...['sign_in', 'sign_out'].map((kind) => `write_back_page.kinds.${kind}`),
    ...DUPLICATE_REASONS.map((reason) => `fix_duplicate.reasons.${reason}`),
    ...PERSON_STATUSES.map((status) => `person_statuses.${status}`),
    ...REASON_TYPES.map((type) => `attendance_codes_page.types.${type}`),
    ...FIX_FIELDS.filter((f) => f !== 'phone_code').map((field) => `temp_users.columns.${field}`),
    ...['imported', 'errors', 'duplicates', 'valid', 'people', 'archived'].map((s) => `integration_view.stats.${s}`),
    ...['deactivate', 'reactivate'].flatMap((a) =>
      ['action', 'title', 'body', 'confirm'].map((k) => `integration_view.${a}.${k}`),
    ),
    'reauth_dialog.reason.authentication_failed',
    'reauth_dialog.reason.invalid',
  ])('has %s', (key) => {
    expect(has(key)).toBe(true);
  });
});
