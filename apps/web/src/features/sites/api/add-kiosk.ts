import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Kiosk, addKioskBodySchema } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export type AddKioskInput = z.input<typeof addKioskBodySchema>;

// A wrong, used or expired code (422), a registered MAC address (409) and an area gone meanwhile
// (404) are shown on the form.
export const addKiosk = (body: AddKioskInput) => api.post<Kiosk>('/kiosks', body, { handledByCaller: [404, 409, 422] });

export const useAddKiosk = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addKiosk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
