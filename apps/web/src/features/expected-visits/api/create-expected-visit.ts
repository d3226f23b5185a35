import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpectedVisit, ExpectedVisitBody } from '@app/shared/expected-visits/schemas';
import { api } from '@/lib/api-client';
import { invalidateExpectedVisits } from './expected-visits-query-key';

// Spec §8: a refusal shows its message (the API client's toast) and, on the form, on its field.
export const createExpectedVisit = (body: ExpectedVisitBody) =>
  api.post<{ message: string; data: ExpectedVisit }>('/expected-visits', body);

export const useCreateExpectedVisit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpectedVisit,
    onSuccess: () => invalidateExpectedVisits(queryClient),
  });
};
