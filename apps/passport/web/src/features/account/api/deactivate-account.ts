import { apiSend } from '../../../lib/api-client';

/** POST /api/me/deactivate: the passport stops working and this browser is signed out. */
export function deactivateAccount(password: string): Promise<void> {
  return apiSend('POST', '/me/deactivate', { password }, { unauthorizedIsAnswer: true });
}
