import { api } from '@/lib/api-client';

/** Spec POST /compliance-resent: the visitor is emailed their confirmation link and code again. */
export const sendInvitation = (id: string) =>
  api.post<{ message: string }>(`/expected-visits/${encodeURIComponent(id)}/invitation`);
