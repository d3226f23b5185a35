import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RollCallReport } from '@app/shared/emergency/schemas';
import { api } from '@/lib/api-client';

export const getRollCallReport = (sessionId: string, signal?: AbortSignal) =>
  api.get<RollCallReport>(`/emergency/sessions/${encodeURIComponent(sessionId)}/report`, { signal });

export const useRollCallReport = (sessionId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['emergency', 'session', sessionId, 'report'],
      queryFn: ({ signal }) => getRollCallReport(sessionId, signal),
      staleTime: 0,
    }),
  );

/** The report as a PDF, in the language the page is shown in (Arabic shaped, right to left). */
export const rollCallPdfUrl = (sessionId: string, lang: string) =>
  `/api/v1/emergency/sessions/${encodeURIComponent(sessionId)}/report.pdf?lang=${encodeURIComponent(lang)}`;
