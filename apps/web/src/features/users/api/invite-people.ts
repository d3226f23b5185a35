import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MassIds, MassResult } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const invitePeople = (body: MassIds) => api.post<MassResult>('/people/invite', body);

export const useInvitePeople = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invitePeople,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
