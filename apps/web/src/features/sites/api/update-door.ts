import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Door, UpdateDoorBody } from '@app/shared/doors/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export const updateDoor = ({ id, ...body }: UpdateDoorBody & { id: string }) =>
  api.put<Door>(`/doors/${id}`, body, { handledByCaller: [409, 422] });

export const useUpdateDoor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDoor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
