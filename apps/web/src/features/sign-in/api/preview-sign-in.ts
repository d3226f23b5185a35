import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { SignInPreview, SignInPreviewBody } from '@app/shared/visits/schemas';
import { api } from '@/lib/api-client';

// The preview is asked for each time a form opens: what is due depends on the minute (reasons, answers
// still valid), so it is never kept. A refusal (an area no longer there) is shown in the form itself.
export const previewSignIn = (body: SignInPreviewBody, signal?: AbortSignal) =>
  api.post<SignInPreview>('/visits/sign-in/preview', body, { signal, handledByCaller: [404, 422] });

export const signInPreviewQueryOptions = (body: SignInPreviewBody) =>
  queryOptions({
    queryKey: [
      'sign-in-preview',
      body.area_id,
      [...body.person_ids].sort(),
      [...(body.expected_visit_ids ?? [])].sort(),
    ],
    queryFn: ({ signal }) => previewSignIn(body, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** What the flow asks of the people at the area now (spec "Mass-action data"). */
export const useSignInPreview = (body: SignInPreviewBody) => useQuery(signInPreviewQueryOptions(body));

/** The previews of several areas at once (the mass sign-out's reasons). */
export const useSignInPreviews = (bodies: SignInPreviewBody[], enabled: boolean) =>
  useQueries({ queries: bodies.map((body) => ({ ...signInPreviewQueryOptions(body), enabled })) });
