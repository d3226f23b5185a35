// The companies a person belongs to, and moving the session to another one (user menu "Switch company").
import { queryOptions } from '@tanstack/react-query';
import type { LoginResult, MembershipChoice } from '@app/shared/auth/schemas';
import { homePathFor } from '@/config/paths';
import { api } from './api-client';
import { saveLoginResult } from './session';

export const membershipsQueryOptions = queryOptions({
  queryKey: ['memberships'],
  queryFn: ({ signal }) => api.get<{ data: MembershipChoice[] }>('/auth/entities', { signal }).then((r) => r.data),
  staleTime: 5 * 60_000,
});

/** Opens another company: saves its login result and loads its home afresh, so nothing of the last one stays. */
export async function switchCompany(entityId: string): Promise<void> {
  const result = await api.post<LoginResult>('/auth/entity', { entity_id: entityId });
  saveLoginResult(result);
  window.location.assign(homePathFor(result.entity.package));
}
