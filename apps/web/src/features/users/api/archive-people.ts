import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MassIds, MassResult } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const archivePeople = (body: MassIds) => api.post<MassResult>('/people/archive', body);

export const useArchivePeople = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archivePeople,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleRootKey }),
  });
};
