import { accountSchema, type PassportAccount } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';

export type AccountChanges = { first_name?: string; last_name?: string; phone?: string; lang?: Language };

/** PATCH /api/me: the fields given change; an empty phone clears it. */
export function updateMe(changes: AccountChanges): Promise<PassportAccount> {
  return apiJson('PATCH', '/me', accountSchema, changes);
}
