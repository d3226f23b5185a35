import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KioskReview, ResolveKioskReviewBody } from '@app/shared/kiosks/reviews';
import { api } from '@/lib/api-client';
import { kioskReviewsRootKey } from './kiosk-reviews-query-key';

// A review resolved meanwhile by someone else (422) or no longer at the reader's sites (404) is said
// in the dialog, which then shows the list as it is now.
export const resolveKioskReview = ({ id, body }: { id: string; body: ResolveKioskReviewBody }) =>
  api.post<KioskReview>(`/kiosk-reviews/${id}/resolve`, body, { handledByCaller: [404, 422] });

export const useResolveKioskReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveKioskReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskReviewsRootKey }),
  });
};
