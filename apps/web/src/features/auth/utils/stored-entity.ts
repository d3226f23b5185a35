import type { MembershipChoice } from '@app/shared/auth/schemas';

/** The company to open without asking: the one last used, when the person still belongs to it. */
export function storedEntityChoice(entities: MembershipChoice[], stored: string | null): MembershipChoice | undefined {
  return stored ? entities.find((entity) => entity.id === stored) : undefined;
}
