// What the flow editor offers: input methods, the company's compliances and the journey's attendance
// modes (hosts are chosen with the shared people picker).
import { useQuery } from '@tanstack/react-query';
import type { InputMethod } from '@app/shared/journeys/flow-settings';
import { api } from '@/lib/api-client';
import { journeysRootKey } from './journeys-query-key';

export const useInputMethods = () =>
  useQuery({
    queryKey: ['input-methods'],
    queryFn: ({ signal }) => api.get<{ data: InputMethod[] }>('/input-methods', { signal }),
    staleTime: Infinity,
  });

export type ComplianceOption = { id: string; name: string; format: string; version: number };

/** The company's compliances by name (GET /compliances); the editor lists all of them. */
export const useComplianceOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['compliances', 'journey-options'],
    queryFn: ({ signal }) =>
      api.get<{ data: ComplianceOption[]; count: number }>('/compliances', {
        params: { limit: 500, sortField: 'name', orderBy: 'asc' },
        signal,
        // Without the compliance list the editor still works: it says so in place.
        handleErrors: false,
      }),
    enabled,
  });

export type AttendanceModeOption = { id: string; name: string; days: number[]; start_time: string; end_time: string };

/** The attendance modes that serve the journey's sites. */
export const useJourneyAttendanceModes = (journeyId: string | undefined) =>
  useQuery({
    queryKey: [...journeysRootKey, 'attendance-modes', journeyId ?? ''],
    queryFn: ({ signal }) =>
      api.get<{ data: AttendanceModeOption[] }>(`/journeys/${journeyId}/attendance-modes`, { signal }),
    enabled: Boolean(journeyId),
  });

/** Searching starts at two characters: one would list half the company. */
