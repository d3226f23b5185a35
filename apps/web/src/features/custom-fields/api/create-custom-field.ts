import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomFieldBody, ListedCustomField } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

// Refusals (a taken name, a full badge, a section gone meanwhile) are shown on their fields.
export const createCustomField = (body: CustomFieldBody) =>
  api.post<ListedCustomField>('/custom-fields', body, { handledByCaller: [404, 409, 422] });

export const useCreateCustomField = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomField,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
};
