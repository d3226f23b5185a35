import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyView } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { privacyViewKey } from './privacy-query-keys';

/** DELETE /privacy/company: no default any more, so nothing is deleted unless a type has its own retention. */
export const clearCompanyRetention = () => api.delete<PrivacyView>('/privacy/company');

export const useClearCompanyRetention = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearCompanyRetention,
    onSuccess: (view) => client.setQueryData(privacyViewKey, view),
  });
};
