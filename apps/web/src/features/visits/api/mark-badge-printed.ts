import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The print dialog has run: the queued print is printed (what the print queue shows). */
export const markBadgePrinted = (printId: string) =>
  api.post<unknown>(`/badge-prints/${encodeURIComponent(printId)}/printed`);

export const useMarkBadgePrinted = () => useMutation({ mutationFn: markBadgePrinted });
