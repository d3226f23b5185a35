import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, PersonBody } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const updatePerson = ({ id, ...body }: PersonBody & { id: string }) =>
  api.put<Person>(`/people/${id}`, body, { handledByCaller: [400, 409, 422] });

export const useUpdatePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
