import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Label, LabelBody } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { labelsQueryKey } from './list-labels';

// Spec §8: label errors show every message of the errors object; the form does that itself.
export const createLabel = (body: LabelBody) => api.post<Label>('/labels', body, { handledByCaller: [400, 409, 422] });

export const useCreateLabel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLabel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelsQueryKey }),
  });
};
