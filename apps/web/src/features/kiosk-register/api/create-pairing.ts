import { useMutation } from '@tanstack/react-query';
import type { CreatePairingBody, Pairing } from '@app/shared/kiosks/schemas';
import { api } from '@/lib/api-client';

// The kiosk has no session: every failure is shown on the page itself, never as a navigation.
export const createPairing = (body: CreatePairingBody) =>
  api.post<Pairing>('/public/kiosk-pairings', body, { handleErrors: false });

export const useCreatePairing = () => useMutation({ mutationFn: createPairing });
