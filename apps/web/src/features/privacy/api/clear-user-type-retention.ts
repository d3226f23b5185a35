import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyView } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { privacyViewKey } from './privacy-query-keys';

/** DELETE /privacy/user-types/{id}: the type follows the company default again. */
export const clearUserTypeRetention = (id: string) => api.delete<PrivacyView>(`/privacy/user-types/${id}`);

export const useClearUserTypeRetention = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearUserTypeRetention,
    onSuccess: (view) => client.setQueryData(privacyViewKey, view),
  });
};
