import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

/** Deletes the field and the values stored for it. */
export const deleteCustomField = (id: string) => api.delete<void>(`/custom-fields/${id}`);

export const useDeleteCustomField = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
};
