import type { ExpectedVisit, VisitDecisionBody } from '@app/shared/expected-visits/schemas';
import { api } from '@/lib/api-client';

/** Spec approve-visit, reject-visit, approve-rejected-visit, reject-approved-visit. */
export const decideExpectedVisit = (id: string, body: VisitDecisionBody) =>
  api.post<{ message: string; data: ExpectedVisit }>(`/expected-visits/${encodeURIComponent(id)}/decisions`, body);
