import { sessionsResponse } from '@app/shared/passport/schemas';
import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';

export type Session = z.infer<typeof sessionsResponse>['sessions'][number];

/** GET /api/sessions: the browsers signed in to this passport. */
export async function listSessions(signal?: AbortSignal): Promise<Session[]> {
  return (await apiJson('GET', '/sessions', sessionsResponse, undefined, { signal })).sessions;
}
