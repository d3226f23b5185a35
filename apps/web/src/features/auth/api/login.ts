import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SignInResponse } from '@app/shared/auth/schemas';
import { api } from '@/lib/api-client';

export const login = (body: LoginBody) => api.post<SignInResponse>('/auth/login', body, { handleErrors: false });

export const useLogin = () => useMutation({ mutationFn: login });
