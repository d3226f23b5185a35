import type { Person } from '@app/shared/people/schemas';

/**
 * Why a person cannot be erased on request, or null when they can: someone who signs in to the
 * dashboard (active or invited) is a member to remove first, and the company's default record stays.
 * The server refuses the same people.
 */
export function erasureRefusal(
  person: Pick<Person, 'dashboard_access' | 'is_default'>,
): 'default_person' | 'has_login' | null {
  if (person.is_default) return 'default_person';
  if (person.dashboard_access === 'active' || person.dashboard_access === 'invited') return 'has_login';
  return null;
}
