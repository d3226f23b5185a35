import { accountSchema, type PassportAccount } from '@app/shared/passport/schemas';
import { apiJson } from '../../../lib/api-client';

/** PUT /api/me/photo: multipart, the image in the field `image`. */
export function uploadPhoto(file: File): Promise<PassportAccount> {
  const form = new FormData();
  form.append('image', file);
  return apiJson('PUT', '/me/photo', accountSchema, form);
}
