import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Area, areaBodySchema } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export type AreaInput = z.input<typeof areaBodySchema>;

export const createArea = (body: AreaInput) => api.post<Area>('/areas', body, { handledByCaller: [409, 422] });

export const useCreateArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
