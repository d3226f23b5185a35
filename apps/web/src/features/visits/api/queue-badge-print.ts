import { useMutation } from '@tanstack/react-query';
import type { BadgePrint } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';

/** Puts the visit's badge in the print queue (kept as printed); a refusal is toasted by the API client. */
export const queueBadgePrint = (id: string) => api.post<BadgePrint>(`/visits/${encodeURIComponent(id)}/badge-prints`);

export const useQueueBadgePrint = () => useMutation({ mutationFn: queueBadgePrint });
