import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MassResult, massLabelsBodySchema } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const addPeopleLabels = (body: z.input<typeof massLabelsBodySchema>) =>
  api.post<MassResult>('/people/labels', body);

export const useAddPeopleLabels = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPeopleLabels,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
