import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NameAvailability } from '@app/shared/attendance/schemas';
import { api } from '@/lib/api-client';
import { attendanceQueryKey } from './attendance-query-key';

// Answered next to the field while typing, so failures stay out of the app-wide error handling.
export const checkModeName = (name: string, excludeId: string | undefined, signal?: AbortSignal) =>
  api.get<NameAvailability>('/attendance-modes/availability', {
    params: { name, exclude_mode_id: excludeId },
    signal,
    handleErrors: false,
  });

export const modeNameQueryOptions = (name: string, excludeId: string | undefined) =>
  queryOptions({
    queryKey: [...attendanceQueryKey, 'mode-name', name.toLowerCase(), excludeId ?? null],
    queryFn: ({ signal }) => checkModeName(name, excludeId, signal),
    staleTime: 10_000,
    retry: false,
  });

export const useModeNameAvailability = (name: string, excludeId: string | undefined, enabled: boolean) =>
  useQuery({ ...modeNameQueryOptions(name, excludeId), enabled });
