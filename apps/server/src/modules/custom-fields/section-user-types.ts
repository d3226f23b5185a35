// Which user types a section's profile fields are asked of on the public forms (issue: a visitor form
// showed a "Staff" section to visitors). A section bound to no type is asked of every type; the
// pre-registration pages send and check only the sections of the visitor's chosen type.
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customFieldSectionUserTypes, userTypes } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** The bound user types of each section (sections bound to none are absent). */
export async function sectionTypesOf(tx: Executor, entityId: string, sectionIds?: string[]) {
  if (sectionIds && sectionIds.length === 0) return new Map<string, string[]>();
  const rows = await tx
    .select({ sectionId: customFieldSectionUserTypes.sectionId, userTypeId: customFieldSectionUserTypes.userTypeId })
    .from(customFieldSectionUserTypes)
    .where(
      and(
        eq(customFieldSectionUserTypes.entityId, entityId),
        sectionIds ? inArray(customFieldSectionUserTypes.sectionId, sectionIds) : undefined,
      ),
    );
  const bound = new Map<string, string[]>();
  for (const r of rows) bound.set(r.sectionId, [...(bound.get(r.sectionId) ?? []), r.userTypeId]);
  return bound;
}

/** Binds a section to exactly these user types of the company; an unknown id answers 422 on the field. */
export async function replaceSectionTypes(tx: Executor, entityId: string, sectionId: string, typeIds: string[]) {
  if (typeIds.length) {
    const found = await tx
      .select({ id: userTypes.id })
      .from(userTypes)
      .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.id, typeIds)));
    if (found.length !== typeIds.length) {
      throw new AppError('rule_violation', {
        field: 'user_type_ids',
        messageKey: 'custom_field_section_types_unknown',
      });
    }
  }
  await tx
    .delete(customFieldSectionUserTypes)
    .where(
      and(eq(customFieldSectionUserTypes.entityId, entityId), eq(customFieldSectionUserTypes.sectionId, sectionId)),
    );
  if (typeIds.length) {
    await tx
      .insert(customFieldSectionUserTypes)
      .values(typeIds.map((userTypeId) => ({ entityId, sectionId, userTypeId })));
  }
}

/** Whether a section is asked of a user type: bound to it, or bound to none. */
export const sectionAsksType = (bound: string[] | undefined, userTypeId: string): boolean =>
  !bound || bound.length === 0 || bound.includes(userTypeId);
