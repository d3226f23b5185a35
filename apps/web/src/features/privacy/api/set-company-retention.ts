import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyView, RetentionBody } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { privacyViewKey } from './privacy-query-keys';

// A refused value is shown under its field by the form.
export const setCompanyRetention = (body: RetentionBody) =>
  api.put<PrivacyView>('/privacy/company', body, { handledByCaller: [400, 422] });

/** The answer is the whole view again: every type that follows the default shows the new days at once. */
export const useSetCompanyRetention = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setCompanyRetention,
    onSuccess: (view) => client.setQueryData(privacyViewKey, view),
  });
};
