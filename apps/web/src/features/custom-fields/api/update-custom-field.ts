import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomFieldBody, ListedCustomField } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

// Refusals (a type locked by stored values, a choice in use, a full badge) are shown on their fields.
export const updateCustomField = ({ id, body }: { id: string; body: CustomFieldBody }) =>
  api.put<ListedCustomField>(`/custom-fields/${id}`, body, { handledByCaller: [404, 409, 422] });

export const useUpdateCustomField = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
};
