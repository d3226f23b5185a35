import { apiSend, segment } from '../../../lib/api-client';

export type Answer = 'accept' | 'reject';

/** POST /api/invitations/:id/accept or /reject. */
export function answerInvitation(id: string, answer: Answer): Promise<void> {
  return apiSend('POST', `/invitations/${segment(id)}/${answer}`);
}
