import { apiSend, segment } from '../../../lib/api-client';

/** DELETE /api/sessions/:id: that browser is signed out. */
export function endSession(id: string): Promise<void> {
  return apiSend('DELETE', `/sessions/${segment(id)}`);
}
