import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Door, DoorBody } from '@app/shared/doors/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

// A taken name (409) and a kiosk of another area (422) are shown on the form's fields.
export const createDoor = (body: DoorBody) => api.post<Door>('/doors', body, { handledByCaller: [409, 422] });

export const useCreateDoor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDoor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
