import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EntitySummary } from '@app/shared/auth/schemas';
import type { changePackageBodySchema } from '@app/shared/entity/schemas';
import { api } from '@/lib/api-client';
import { platformEntitiesQueryKey } from './list-platform-entities';

export type ChangePackageBody = z.infer<typeof changePackageBodySchema>;

export const changeEntityPackage = ({ id, ...body }: ChangePackageBody & { id: string }) =>
  api.put<EntitySummary>(`/platform/entities/${id}/package`, body);

export const useChangeEntityPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEntityPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformEntitiesQueryKey }),
  });
};
