import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

/** Deletes the section with its fields and the values stored for them. */
export const deleteSection = (id: string) => api.delete<void>(`/custom-field-sections/${id}`);

export const useDeleteSection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
};
