import { redirectResponse } from '@app/shared/passport/schemas';
import { apiJson, segment } from '../../../lib/api-client';

/** POST /interaction/:uid/api/continue: the signed-in person goes back to the application. */
export async function continueInteraction(uid: string): Promise<string> {
  return (
    await apiJson('POST', `/interaction/${segment(uid)}/api/continue`, redirectResponse, undefined, {
      unauthorizedIsAnswer: true,
      atRoot: true,
    })
  ).redirect_to;
}
