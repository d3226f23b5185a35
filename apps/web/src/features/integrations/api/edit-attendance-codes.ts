import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { attendanceCodeEditSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';
import type { AttendanceCodes } from './get-attendance-codes';
import { attendanceCodesKey } from './view-query-keys';

export type AttendanceCodeEdit = z.input<typeof attendanceCodeEditSchema>;

/** PUT /integrations/{id}/attendance-codes {ids, attendanceCodeId}: the reasons chosen map to the code (null: to none). */
export const editAttendanceCodes = ({ id, body }: { id: string; body: AttendanceCodeEdit }) =>
  api.put<AttendanceCodes>(`/integrations/${id}/attendance-codes`, body, { handledByCaller: [400] });

/** The answer is the whole mapping now. */
export const useEditAttendanceCodes = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editAttendanceCodes,
    onSuccess: (codes, { id }) => client.setQueryData(attendanceCodesKey(id), codes),
  });
};
