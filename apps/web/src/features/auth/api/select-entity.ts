import { useMutation } from '@tanstack/react-query';
import type { LoginResult } from '@app/shared/auth/schemas';
import { api } from '@/lib/api-client';

export const selectEntity = (entityId: string) =>
  api.post<LoginResult>('/auth/entity', { entity_id: entityId }, { handleErrors: false });

export const useSelectEntity = () => useMutation({ mutationFn: selectEntity });
