import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyView, RetentionBody } from '@app/shared/people/privacy';
import { api } from '@/lib/api-client';
import { privacyViewKey } from './privacy-query-keys';

// A refused value is shown under its field by the dialog.
export const setUserTypeRetention = ({ id, body }: { id: string; body: RetentionBody }) =>
  api.put<PrivacyView>(`/privacy/user-types/${id}`, body, { handledByCaller: [400, 422] });

/** A user type's own retention, which it keeps whatever the company default becomes. */
export const useSetUserTypeRetention = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setUserTypeRetention,
    onSuccess: (view) => client.setQueryData(privacyViewKey, view),
  });
};
