import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Department, DepartmentBody } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { departmentsQueryKey } from './list-departments';

export const createDepartment = (body: DepartmentBody) =>
  api.post<Department>('/departments', body, { handledByCaller: [400, 409, 422] });

export const useCreateDepartment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentsQueryKey }),
  });
};
