import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MassIds, MassResult } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const revokePeople = (body: MassIds) => api.post<MassResult>('/people/revoke', body);

export const useRevokePeople = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePeople,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
