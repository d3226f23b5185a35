import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserTypeHost } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { userTypeHostsQueryKey } from './get-user-type-hosts';

/**
 * Replaces the type's hosts; hosts outside the caller's sites and user types stay on the server. A
 * person gone or archived meanwhile (404, 422) is shown by the form, on the hosts field.
 */
export const setUserTypeHosts = ({ id, personIds }: { id: string; personIds: string[] }) =>
  api.put<UserTypeHost[]>(`/user-types/${id}/hosts`, { person_ids: personIds }, { handledByCaller: [404, 422] });

export const useSetUserTypeHosts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserTypeHosts,
    onSuccess: (hosts, { id }) => queryClient.setQueryData(userTypeHostsQueryKey(id), hosts),
  });
};
