import type { MarksInput, MarksResult } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';

/**
 * Spec PUT /action_emergency/{id}: a batch of marks. The caller (the mark queue) explains every
 * failure itself: a dropped connection keeps the marks for later, a refusal says why.
 */
export const sendMarks = (sessionId: string, body: MarksInput) =>
  api.post<MarksResult>(`/emergency/sessions/${encodeURIComponent(sessionId)}/marks`, body, { handleErrors: false });
