import { interactionResponse } from '@app/shared/passport/schemas';
import type { z } from 'zod';
import { apiJson, segment } from '../../../lib/api-client';

export type Interaction = z.infer<typeof interactionResponse>;

/** GET /interaction/:uid/api: which application waits, and what it needs from the person. */
export function getInteraction(uid: string, signal?: AbortSignal): Promise<Interaction> {
  return apiJson('GET', `/interaction/${segment(uid)}/api`, interactionResponse, undefined, {
    signal,
    unauthorizedIsAnswer: true,
    atRoot: true,
  });
}
