import { useCallback } from 'react';
import { useRequest } from '../../lib/use-request';
import { getInteraction } from './api/get-interaction';

/** The application's sign-in this page finishes; reload after the person signs in or turns two-step on. */
export function useInteraction(uid: string) {
  const load = useCallback((signal: AbortSignal) => getInteraction(uid, signal), [uid]);
  return useRequest(`interaction:${uid}`, load);
}
