import type { z } from 'zod';
import type { checkVisitBodySchema, checkVisitResultSchema } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';

export type CheckVisitResult = z.infer<typeof checkVisitResultSchema>;

// Spec validate-expected-visit: another visit that day answers error_date (a title and a body).
export const checkVisit = (linkId: string, body: z.input<typeof checkVisitBodySchema>) =>
  api.post<CheckVisitResult>(`/public/pre-registration/${encodeURIComponent(linkId)}/check-visit`, body, {
    handledByCaller: [400, 404, 409, 422],
  });
