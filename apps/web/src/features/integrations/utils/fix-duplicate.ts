import type { TempUser } from '@app/shared/integrations/schemas';
import type { FixDuplicateBody } from '../api/fix-temp-user-duplicate';

/** The radio value of "Create a new person" (the others are people's ids). */
export const CREATE_NEW = 'create-new';

/**
 * The POST body for what was chosen (spec §3 fix-duplicate: selected_user_id, or a new person); null
 * when nothing is chosen: the page says 'Please select a user' (spec §5) and asks nothing.
 */
export function fixDuplicateBody(choice: string | null): FixDuplicateBody | null {
  if (!choice) return null;
  if (choice === CREATE_NEW) return { selected_user_id: null, create_new: true };
  return { selected_user_id: choice, create_new: false };
}

/**
 * Whether the record may become a new person beside the people it may be: not when it shares an
 * email, phone or ID with one of them (those are unique in the company); a shared name alone is fine.
 */
export const canCreateNew = (user: Pick<TempUser, 'duplicate_reasons'>): boolean =>
  user.duplicate_reasons.every((reason) => reason === 'name');

/** The reasons the server gives, in the order the page names them. */
export const DUPLICATE_REASONS = ['email', 'phone', 'id_number', 'name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** The record's reasons the page knows, in its order (an unknown one is left out rather than shown raw). */
export const knownReasons = (reasons: readonly string[]): DuplicateReason[] =>
  DUPLICATE_REASONS.filter((reason) => reasons.includes(reason));

/** Which of the candidate's values are the record's too: the page marks them. */
export function sharedValues(
  user: Pick<TempUser, 'first_name' | 'last_name' | 'email' | 'phone' | 'id_number'>,
  person: Pick<TempUser['duplicates'][number], 'first_name' | 'last_name' | 'email' | 'phone' | 'id_number'>,
): { name: boolean; email: boolean; phone: boolean; id_number: boolean } {
  const same = (a: string | null, b: string | null) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
  const fullName = (p: { first_name: string | null; last_name: string | null }) =>
    `${p.first_name ?? ''} ${p.last_name ?? ''}`.replace(/\s+/g, ' ').trim();
  return {
    name: same(fullName(user), fullName(person)),
    email: same(user.email, person.email),
    phone: same(user.phone, person.phone),
    id_number: same(user.id_number, person.id_number),
  };
}
