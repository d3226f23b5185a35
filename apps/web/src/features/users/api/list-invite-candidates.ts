import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteCandidate } from '@app/shared/people/schemas';
import { api } from '@/lib/api-client';
import { peopleRootKey } from './people-query-key';

export const listInviteCandidates = (personIds: readonly string[], signal?: AbortSignal) =>
  api.get<InviteCandidate[]>('/people/invite-candidates', { params: { person_ids: personIds }, signal });

export const inviteCandidatesQueryOptions = (personIds: readonly string[]) =>
  queryOptions({
    queryKey: [...peopleRootKey, 'invite-candidates', [...personIds].sort()],
    queryFn: ({ signal }) => listInviteCandidates(personIds, signal),
    staleTime: 0,
  });

export const useInviteCandidates = (personIds: readonly string[], enabled: boolean) =>
  useQuery({ ...inviteCandidatesQueryOptions(personIds), enabled: enabled && personIds.length > 0 });
