import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// The /c/{visitUrl}/{code} form: a wrong code answers 422 on `code`, an expired link 422 on `token`.
export const checkLinkCode = ({ token, code }: { token: string; code: string }) =>
  api.post<{ ok: true }>(
    `/public/visits/${encodeURIComponent(token)}/code`,
    { code },
    { handledByCaller: [400, 404, 422] },
  );

export const useCheckLinkCode = () => useMutation({ mutationFn: checkLinkCode });
