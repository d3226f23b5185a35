import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const unlockSignIn = (token: string) =>
  api.post<{ ok: true }>('/auth/unlock', { token }, { handleErrors: false });

export const useUnlockSignIn = () => useMutation({ mutationFn: unlockSignIn });
