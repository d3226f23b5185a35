import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MassIds, MassResult } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const activatePeople = (body: MassIds) => api.post<MassResult>('/people/activate', body);

export const useActivatePeople = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePeople,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
