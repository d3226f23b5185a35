import { api } from '@/lib/api-client';

/** The visit is kept as cancelled, so its link says it was deleted. */
export const deleteExpectedVisit = (id: string) =>
  api.delete<{ message: string }>(`/expected-visits/${encodeURIComponent(id)}`);
