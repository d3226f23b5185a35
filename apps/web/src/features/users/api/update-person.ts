import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, PersonBody } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { refreshSession } from '@/lib/session';
import { peopleRootKey } from './people-query-key';

export const updatePerson = ({ id, ...body }: PersonBody & { id: string }) =>
  api.put<Person>(`/people/${id}`, body, { handledByCaller: [400, 409, 422] });

export const useUpdatePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePerson,
    onSuccess: (person) => {
      // Renaming yourself renames the top bar too: it shows the login result.
      if (person.is_self) refreshSession().catch(() => undefined);
      return queryClient.invalidateQueries({ queryKey: peopleRootKey });
    },
  });
};
