import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnDetails, OwnDetailsBody } from '@app/shared/people/own-details';
import { api } from '@/lib/api-client';

// A refused change (400, 409, 422) is shown on the form, beside the field the server names.
export const updateOwnDetails = (body: OwnDetailsBody) =>
  api.put<OwnDetails>('/me/details', body, { handledByCaller: [400, 409, 422] });

export const useUpdateOwnDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnDetails,
    onSuccess: (details) => {
      queryClient.setQueryData(['people', 'me'], details);
      return queryClient.invalidateQueries({ queryKey: ['people'] });
    },
  });
};
