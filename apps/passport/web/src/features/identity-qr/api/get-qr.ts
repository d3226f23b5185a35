import { qrTokenResponse } from '@app/shared/passport/schemas';
import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';

export type QrTokenResponse = z.infer<typeof qrTokenResponse>;

/** GET /api/qr: the person's QR identity of the moment, and when to ask for the next one. */
export function getQr(signal?: AbortSignal): Promise<QrTokenResponse> {
  return apiJson('GET', '/qr', qrTokenResponse, undefined, { signal });
}
