import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkResetToken = (token: string, signal?: AbortSignal) =>
  api.get<{ ok: true }>('/auth/reset-password', { params: { token }, signal, handleErrors: false });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    retry: false,
    staleTime: Infinity,
  });

export const useResetTokenCheck = (token: string) =>
  useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
