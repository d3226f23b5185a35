import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrolCardBody, PublicRfidLink } from '@app/shared/rfid/schemas';
import { api } from '@/lib/api-client';
import { rfidLinkQueryKey } from './get-rfid-link';

export const enrolCard = ({ code, body }: { code: string; body: EnrolCardBody }) =>
  api.post<PublicRfidLink>(`/public/rfid/${encodeURIComponent(code)}/card`, body, { handleErrors: false });

export const useEnrolCard = (code: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnrolCardBody) => enrolCard({ code, body }),
    // The answer is the link's new state: the page shows the enrolled card at once.
    onSuccess: (link) => queryClient.setQueryData(rfidLinkQueryKey(code), link),
  });
};
