import { twoStepSetupResponse } from '@app/shared/passport/schemas';
import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';

export type TwoStepSetup = z.infer<typeof twoStepSetupResponse>;

/** POST /api/two-step/setup: a new secret, as a key, an otpauth:// link and a QR code (SVG). */
export function setUpTwoStep(): Promise<TwoStepSetup> {
  return apiJson('POST', '/two-step/setup', twoStepSetupResponse);
}
