import { redirectResponse } from '@app/shared/passport/schemas';
import { apiJson, segment } from '../../../lib/api-client';

/** POST /interaction/:uid/api/abort: the person declines; the application hears so. */
export async function abortInteraction(uid: string): Promise<string> {
  return (
    await apiJson('POST', `/interaction/${segment(uid)}/api/abort`, redirectResponse, undefined, {
      unauthorizedIsAnswer: true,
      atRoot: true,
    })
  ).redirect_to;
}
