import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ValidateExpectedVisitBody, ValidateExpectedVisitResult } from '@app/shared/expected-visits/schemas';
import { api } from '@/lib/api-client';
import { expectedVisitsRootKey } from './expected-visits-query-key';

// A live check is advice while typing: a failure of its own is not worth a toast or a navigation.
export const validateExpectedVisit = (body: ValidateExpectedVisitBody, signal?: AbortSignal) =>
  api.post<ValidateExpectedVisitResult>('/expected-visits/validate', body, { signal, handleErrors: false });

/**
 * The form's live checks (spec expected-visit-validate, check_user_found): rules broken so far and the
 * person an email or phone belongs to. Nothing is asked for while `body` is null.
 */
export const useExpectedVisitCheck = (body: ValidateExpectedVisitBody | null) =>
  useQuery({
    queryKey: [...expectedVisitsRootKey, 'check', body],
    queryFn: ({ signal }) => validateExpectedVisit(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    retry: false,
  });
