import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Area, updateAreaBodySchema } from '@app/shared/sites/schemas';
import { api } from '@/lib/api-client';
import { sitesRootKey } from './sites-query-key';

export type UpdateAreaInput = z.input<typeof updateAreaBodySchema>;

export const updateArea = ({ id, ...body }: UpdateAreaInput & { id: string }) =>
  api.put<Area>(`/areas/${id}`, body, { handledByCaller: [409, 422] });

export const useUpdateArea = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesRootKey }),
  });
};
