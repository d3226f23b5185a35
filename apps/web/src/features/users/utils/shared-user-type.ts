import type { Person } from '@app/shared/people/schemas';

/** The user type every one of these people has, when there is exactly one such type; otherwise null. */
export function sharedUserType(people: readonly Pick<Person, 'user_types'>[]): string | null {
  const [first, ...rest] = people;
  const shared = (first?.user_types ?? [])
    .map((type) => type.id)
    .filter((id) => rest.every((person) => person.user_types.some((type) => type.id === id)));
  return shared.length === 1 ? shared[0]! : null;
}
