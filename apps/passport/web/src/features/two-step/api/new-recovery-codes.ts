import { recoveryCodesResponse } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** POST /api/two-step/recovery-codes: a new set; the old codes stop working. */
export async function newRecoveryCodes(password: string): Promise<string[]> {
  return (
    await apiJson(
      'POST',
      '/two-step/recovery-codes',
      recoveryCodesResponse,
      { password },
      { unauthorizedIsAnswer: true },
    )
  ).recovery_codes;
}
