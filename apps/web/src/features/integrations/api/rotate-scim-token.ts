import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { scimTokenResponseSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';

export type ScimToken = z.infer<typeof scimTokenResponseSchema>;

/**
 * POST /integrations/{id}/scim-token: a new bearer token for the identity provider; the old one stops
 * working at once. The token is answered this once and never again.
 */
export const rotateScimToken = (id: string) =>
  api.post<ScimToken>(`/integrations/${id}/scim-token`, undefined, { handledByCaller: [400] });

export const useRotateScimToken = () => useMutation({ mutationFn: rotateScimToken });
