import { useMutation } from '@tanstack/react-query';
import type { PreRegistrationDone } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';

// Spec confirm/visit: multipart, the photo only when the visit needs one. A link that expired meanwhile
// answers 422 on `token`; taken email or phone 409: the form shows both.
export const confirmVisit = ({ token, form }: { token: string; form: FormData }) =>
  api.upload<PreRegistrationDone>(`/public/visits/${encodeURIComponent(token)}/confirm`, form, 'POST', {
    handledByCaller: [400, 404, 409, 413, 422],
  });

export const useConfirmVisit = () => useMutation({ mutationFn: confirmVisit });
