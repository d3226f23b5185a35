import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, PersonBody } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

// Taken values (409) and rejected fields (400, 422) are shown on the form's fields.
export const createPerson = (body: PersonBody) =>
  api.post<Person>('/people', body, { handledByCaller: [400, 409, 422] });

export const useCreatePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
