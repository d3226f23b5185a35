import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Section, SectionBody } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

// A taken name is shown on its field.
export const createSection = (body: SectionBody) =>
  api.post<Section>('/custom-field-sections', body, { handledByCaller: [409, 422] });

export const useCreateSection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
};
