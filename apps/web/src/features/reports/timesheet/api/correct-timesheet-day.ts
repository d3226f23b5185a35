import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TimesheetCorrection, TimesheetCorrectionBody } from '@app/shared/reports/timesheet';
import { api } from '@/lib/api-client';
import { timesheetRootKey } from './list-timesheet';

export const correctTimesheetDay = (body: TimesheetCorrectionBody) =>
  api.post<TimesheetCorrection>('/reports/timesheet/corrections', body, { handledByCaller: [400, 422] });

/** Corrects a person's day; the timesheet is read again to show it corrected. */
export const useCorrectTimesheetDay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctTimesheetDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timesheetRootKey }),
  });
};
