// An address names a record by its id (a UUID). One that names nothing, because the id is malformed
// or no such record is there for this company, shows the not-found page, not a failed load.
import { redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { paths } from '@/config/paths';
import { ApiError } from './api-client';
import { navigateTo } from './navigation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route parameter can be a record's id. */
export const isRecordId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A route's check of its `$id`: anything but an id opens the not-found page (before any request is made). */
export function checkRecordIdParam({ params }: { params: object }): void {
  if ('id' in params && !isRecordId(params.id)) throw redirect({ href: paths.notFound, replace: true });
}

/** Whether a failed load means the record is not there: the server answers 404, or 400 about the address. */
export const isMissingRecord = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 404 ||
    (error.status === 400 && Object.keys(error.fields).some((f) => f === 'params' || f === 'id')));

/** Opens the not-found page when a page's record is not there (its load failed with 404, or 400 on the id). */
export function useNotFoundIfMissing(...errors: unknown[]): void {
  const missing = errors.some(isMissingRecord);
  useEffect(() => {
    if (missing) navigateTo(paths.notFound, { replace: true });
  }, [missing]);
}
