import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { attendanceCodesSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import { attendanceCodesKey } from './view-query-keys';

export type AttendanceCodes = z.infer<typeof attendanceCodesSchema>;

/** GET /integrations/{id}/attendance-codes: the school's Wonde codes and the company's reasons with the code each maps to. */
export const getAttendanceCodes = (id: string, signal?: AbortSignal) =>
  api.get<AttendanceCodes>(`/integrations/${id}/attendance-codes`, { signal });

export const attendanceCodesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: attendanceCodesKey(id),
    // Also shows the company's reasons: read again when they change (lib/data-tags.ts).
    meta: { reads: ['attendance'] },
    queryFn: ({ signal }) => getAttendanceCodes(id, signal),
  });

export const useAttendanceCodes = (id: string | null, enabled = true) =>
  useQuery({ ...attendanceCodesQueryOptions(id ?? ''), enabled: enabled && id !== null });
