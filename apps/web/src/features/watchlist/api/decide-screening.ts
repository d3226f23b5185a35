import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Screening, ScreeningDecisionBody } from '@app/shared/watchlist/schemas';
import { api } from '@/lib/api-client';
import { watchlistScreeningsKey } from './watchlist-query-key';

// A decision refused (decided meanwhile, the entry removed) is said in the dialog (422); a screening
// gone (404) too, and the list is read again.
export const decideScreening = ({ id, body }: { id: string; body: ScreeningDecisionBody }) =>
  api.post<Screening>(`/watchlist/screenings/${id}/decision`, body, { handledByCaller: [400, 404, 422] });

export const useDecideScreening = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideScreening,
    // The same person's other waiting reviews of the entry are decided with it: the whole list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistScreeningsKey }),
  });
};
