import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Section, SectionBody } from '@app/shared/custom-fields/schemas';
import { api } from '@/lib/api-client';
import { customFieldsQueryKey } from './custom-fields-query-key';

export const updateSection = ({ id, body }: { id: string; body: SectionBody }) =>
  api.put<Section>(`/custom-field-sections/${id}`, body, { handledByCaller: [409, 422] });

export const useUpdateSection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldsQueryKey }),
  });
};
