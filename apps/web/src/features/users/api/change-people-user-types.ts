import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MassResult, massUserTypesBodySchema } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const changePeopleUserTypes = (body: z.input<typeof massUserTypesBodySchema>) =>
  api.put<MassResult>('/people/user-types', body);

export const useChangePeopleUserTypes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePeopleUserTypes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
