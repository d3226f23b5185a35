import { redirectResponse } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** GET /api/dashboard-link: where the company dashboard signs this person in through the passport. */
export async function getDashboardLink(): Promise<string> {
  return (await apiJson('GET', '/dashboard-link', redirectResponse)).redirect_to;
}
