import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PreRegistrationInfo } from '@app/shared/pre-registration/schemas';
import { api } from '@/lib/api-client';
import { preRegistrationRootKey } from './pre-registration-query-key';

// Spec GET get_pre_registration_user_type, check_image_qr_compliance_status, hosts/settings and
// get_custom_fields_to_expected_visit in one answer. An unknown link answers kind `expired`, never 404;
// a failure to load at all sends the page to /link-expired with the generic message (spec §4).
export const getPreRegistration = (id: string, signal?: AbortSignal) =>
  api.get<PreRegistrationInfo>(`/public/pre-registration/${encodeURIComponent(id)}`, { handleErrors: false, signal });

export const preRegistrationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...preRegistrationRootKey, 'link', id],
    queryFn: ({ signal }) => getPreRegistration(id, signal),
    enabled: id !== '',
    staleTime: 0,
  });

export const usePreRegistration = (id: string) => useQuery(preRegistrationQueryOptions(id));
