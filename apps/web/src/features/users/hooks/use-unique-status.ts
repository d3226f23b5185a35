import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import type { UniquePersonField } from '@app/shared/people/schemas';
import { usePersonAvailability, type AvailabilityCheck } from '../api/check-person-availability';

export type UniqueStatus = { state: 'idle' | 'checking' | 'available' | 'taken'; message: string | null };

const CHECK_DELAY_MS = 400;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What to ask, or null when there is nothing worth asking (empty, malformed, or unchanged). */
function checkFor(
  field: UniquePersonField,
  value: string,
  options: { phoneCode?: string; excludeId?: string; original?: string | null; originalCode?: string | null },
): AvailabilityCheck | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (field === 'email' && !EMAIL.test(trimmed)) return null;
  if (field === 'phone' && !options.phoneCode) return null;
  const unchanged =
    trimmed.toLowerCase() === (options.original ?? '').toLowerCase() &&
    (field !== 'phone' || options.phoneCode === (options.originalCode ?? ''));
  if (unchanged) return null;
  return {
    field,
    value: trimmed,
    ...(field === 'phone' ? { phone_code: options.phoneCode } : {}),
    ...(options.excludeId ? { exclude_id: options.excludeId } : {}),
  };
}

/**
 * Live uniqueness of an email, phone or id number as it is typed (spec §5: "Email address already
 * exists", "Phone number already exists", "ID already exists"), asked once typing pauses.
 */
export function useUniqueStatus(
  field: UniquePersonField,
  value: string,
  options: { phoneCode?: string; excludeId?: string; original?: string | null; originalCode?: string | null },
): UniqueStatus {
  const check = checkFor(field, value, options);
  // Compared as text: a new object each render would restart the delay for ever.
  const key = check ? JSON.stringify(check) : '';
  const [settledKey] = useDebouncedValue(key, CHECK_DELAY_MS);
  const settled = useMemo(() => (settledKey ? (JSON.parse(settledKey) as AvailabilityCheck) : null), [settledKey]);
  const query = usePersonAvailability(settled);
  if (!check) return { state: 'idle', message: null };
  if (key !== settledKey || query.isFetching) return { state: 'checking', message: null };
  if (!query.data) return { state: 'idle', message: null };
  return query.data.available ? { state: 'available', message: null } : { state: 'taken', message: query.data.message };
}
