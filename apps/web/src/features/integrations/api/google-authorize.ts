import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /integrations/google/authorize: the address of Google's consent page for a new integration
 * (no id) or to re-authenticate `integration_id`. Google sends the browser back through the server to
 * /googleAD/auth/… (google-return-page).
 */
export const googleAuthorize = (integrationId: string | null) =>
  api.post<{ url: string }>('/integrations/google/authorize', integrationId ? { integration_id: integrationId } : {});

/** Starts the consent: the browser leaves the app for Google's page. */
export const useGoogleAuthorize = () =>
  useMutation({
    mutationFn: googleAuthorize,
    onSuccess: ({ url }) => window.location.assign(url),
  });
