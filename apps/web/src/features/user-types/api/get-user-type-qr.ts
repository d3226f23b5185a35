import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userTypeQrSchema } from '@app/shared/user-types/schemas';
import { api } from '@/lib/api-client';

export type UserTypeQr = z.infer<typeof userTypeQrSchema>;

export const useUserTypeQr = (id: string) =>
  useQuery({
    queryKey: ['user-types', id, 'qr'],
    queryFn: ({ signal }) => api.get<UserTypeQr>(`/user-types/${id}/qr`, { signal }),
  });
