import type { z } from 'zod';
import type { checkUserBodySchema, CheckUserResult } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';

// Spec validate_user_type_pre_registration and check_user_entity, asked before the form is sent.
export const checkUser = (linkId: string, body: z.input<typeof checkUserBodySchema>) =>
  api.post<CheckUserResult>(`/public/pre-registration/${encodeURIComponent(linkId)}/check-user`, body, {
    handledByCaller: [400, 404, 409, 422],
  });
