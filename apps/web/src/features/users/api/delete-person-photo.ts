import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const deletePersonPhoto = (id: string) => api.delete<Person>(`/people/${id}/photo`);

export const useDeletePersonPhoto = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersonPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
