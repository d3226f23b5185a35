import { useMutation } from '@tanstack/react-query';
import type { PreRegistrationDone } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';

// Spec create-expected-visit: multipart form fields, and the photo only when it must be sent. Refused
// fields (400, 409, 413, 422) and an unknown link (404) are shown by the form itself.
export const createPreRegistration = (form: FormData) =>
  api.upload<PreRegistrationDone>('/public/pre-registrations', form, 'POST', {
    handledByCaller: [400, 404, 409, 413, 422],
  });

export const useCreatePreRegistration = () => useMutation({ mutationFn: createPreRegistration });
