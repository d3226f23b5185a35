import { recoveryCodesResponse } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** POST /api/two-step/enable: the first code from the app turns two-step on; the recovery codes come back once. */
export async function enableTwoStep(code: string): Promise<string[]> {
  return (await apiJson('POST', '/two-step/enable', recoveryCodesResponse, { code }, { unauthorizedIsAnswer: true }))
    .recovery_codes;
}
