import type { z } from 'zod';
import type { redirectTypeSchema } from '@app/shared/integrations/schemas';
import { api } from '@/lib/api-client';

export type RedirectType = z.infer<typeof redirectTypeSchema>;

/**
 * GET /integrations/{id}/redirect-type: after a sync, where the flow goes (spec §4: errors first, then
 * duplicates, then the valid users). Asked once at the moment of moving on, so no query cache.
 */
export const getRedirectType = (id: string) => api.get<RedirectType>(`/integrations/${id}/redirect-type`);
