import type { FastifyInstance } from 'fastify';
import {
  CUSTOM_FIELD_LIMITS,
  isChoiceType,
  optionsForType,
  planHasCustomFields,
  type BadgeUsage,
  type CustomField,
  type CustomFieldBinding,
  type CustomFieldBodyParsed,
  type CustomFieldOptions,
  type CustomFieldType,
  type ListedCustomField,
  type Section,
  type SectionAvailability,
  type SectionBody,
} from '@app/shared/custom-fields/schemas';
import type { Language } from '@app/shared/constants';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isBuiltInName } from './built-in-names';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { AccessContext } from '../access/access.types';
import { writeAudit } from '../audit/audit.repository';
import {
  countBadgeFields,
  countChoiceUses,
  countScoresAbove,
  countSectionFields,
  deleteField,
  deleteSectionWithFields,
  findField,
  findSection,
  insertField,
  insertSection,
  isFieldNameTaken,
  isSectionNameTaken,
  listFields,
  listSections,
  lockBadgeBudget,
  nextFieldPosition,
  nextSectionPosition,
  renameSection,
  updateField,
  type FieldRow,
  type FieldWithCount,
  type SectionRow,
} from './custom-fields.repository';
import { replaceSectionTypes, sectionTypesOf } from './section-user-types';
import { inTenant } from '../access/in-tenant';

const L = CUSTOM_FIELD_LIMITS;

const toField = (row: FieldRow, valueCount: number): CustomField => ({
  id: row.id,
  section_id: row.sectionId,
  name: row.name,
  type: row.type as CustomFieldType,
  binding: row.binding as CustomFieldBinding,
  options: optionsForType(row.type as CustomFieldType, row.options),
  required: row.required,
  print_on_badge: row.printOnBadge,
  position: row.position,
  value_count: Number(valueCount),
});

const toListed = (row: FieldWithCount): ListedCustomField => ({
  ...toField(row.field, row.valueCount),
  section_name: row.sectionName,
});

const toSection = (row: SectionRow, fields: FieldWithCount[], typeIds: string[] = []): Section => ({
  id: row.id,
  value: row.name,
  position: row.position,
  user_type_ids: typeIds,
  fields: fields.filter((f) => f.field.sectionId === row.id).map((f) => toField(f.field, f.valueCount)),
});

/** Spec §6: custom fields are for the professional and enterprise plans; every endpoint checks first. */
export function assertCustomFieldsPlan(ctx: AccessContext): void {
  if (!planHasCustomFields(ctx.entity.plan)) {
    throw new AppError('plan_required', { messageKey: 'custom_fields_plan' });
  }
}

const sectionNameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'section_name_taken' });
const fieldNameTaken = () => new AppError('conflict', { field: 'name', messageKey: 'custom_field_name_taken' });

/** A custom field may not take a built-in field's name in any language (a sheet could not tell them apart). */
function assertNotBuiltInName(name: string) {
  if (isBuiltInName(name)) {
    throw new AppError('conflict', { field: 'name', messageKey: 'custom_field_name_built_in', vars: { name } });
  }
}
const badgeFull = () =>
  new AppError('rule_violation', {
    field: 'print_on_badge',
    messageKey: 'badge_fields_full',
    vars: { max: L.badgeMax },
  });

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The name checks run before writing, but two admins saving the same name at once both pass them;
 * the unique index then refuses the second, which is the same answer as the check's.
 */
async function uniqueOr<T>(work: Promise<T>, taken: () => AppError): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

// ---- sections ----

export async function listSectionsWithFields(app: FastifyInstance, ctx: AccessContext): Promise<Section[]> {
  return inTenant(app, ctx, async (tx) => {
    const sections = await listSections(tx, ctx.entityId);
    const fields = await listFields(tx, ctx.entityId);
    const types = await sectionTypesOf(tx, ctx.entityId);
    return sections.map((s) => toSection(s, fields, types.get(s.id)));
  });
}

export async function getSection(app: FastifyInstance, ctx: AccessContext, id: string): Promise<Section> {
  return inTenant(app, ctx, async (tx) => {
    const row = await findSection(tx, ctx.entityId, id);
    if (!row) throw new AppError('not_found');
    const types = await sectionTypesOf(tx, ctx.entityId, [id]);
    return toSection(row, await listFields(tx, ctx.entityId, { sectionId: id }), types.get(id));
  });
}

export async function checkSectionName(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  q: { name: string; exclude_id?: string },
): Promise<SectionAvailability> {
  const taken = await inTenant(app, ctx, (tx) => isSectionNameTaken(tx, ctx.entityId, q.name, q.exclude_id));
  return { available: !taken, message: taken ? t(lang, 'errors:section_name_taken') : null };
}

export async function createSection(app: FastifyInstance, ctx: AccessContext, body: SectionBody): Promise<Section> {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      if (await isSectionNameTaken(tx, ctx.entityId, body.name)) throw sectionNameTaken();
      const row = await insertSection(tx, {
        entityId: ctx.entityId,
        id: newId(),
        name: body.name,
        position: await nextSectionPosition(tx, ctx.entityId),
      });
      const typeIds = body.user_type_ids ?? [];
      await replaceSectionTypes(tx, ctx.entityId, row.id, typeIds);
      const section = toSection(row, [], typeIds);
      await writeAudit(tx, ctx, {
        action: 'custom_field_section.create',
        targetType: 'custom_field_section',
        targetId: row.id,
        after: section,
      });
      return section;
    }),
    sectionNameTaken,
  );
}

export async function changeSection(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: SectionBody,
): Promise<Section> {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      const before = await findSection(tx, ctx.entityId, id);
      if (!before) throw new AppError('not_found');
      if (await isSectionNameTaken(tx, ctx.entityId, body.name, id)) throw sectionNameTaken();
      const row = (await renameSection(tx, ctx.entityId, id, body.name))!;
      const beforeTypes = (await sectionTypesOf(tx, ctx.entityId, [id])).get(id) ?? [];
      const typeIds = body.user_type_ids ?? beforeTypes;
      if (body.user_type_ids) await replaceSectionTypes(tx, ctx.entityId, id, typeIds);
      await writeAudit(tx, ctx, {
        action: 'custom_field_section.update',
        targetType: 'custom_field_section',
        targetId: id,
        before: { name: before.name, user_type_ids: beforeTypes },
        after: { name: row.name, user_type_ids: typeIds },
      });
      return toSection(row, await listFields(tx, ctx.entityId, { sectionId: id }), typeIds);
    }),
    sectionNameTaken,
  );
}

/** Deletes a section with its fields and their stored values (the web app asks first and says how many). */
export async function removeSection(app: FastifyInstance, ctx: AccessContext, id: string): Promise<void> {
  await inTenant(app, ctx, async (tx) => {
    const before = await findSection(tx, ctx.entityId, id);
    if (!before) throw new AppError('not_found');
    const section = toSection(before, await listFields(tx, ctx.entityId, { sectionId: id }));
    await deleteSectionWithFields(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'custom_field_section.delete',
      targetType: 'custom_field_section',
      targetId: id,
      before: { ...section, value_count: section.fields.reduce((n, f) => n + f.value_count, 0) },
    });
  });
}

// ---- fields ----

export async function listCompanyFields(
  app: FastifyInstance,
  ctx: AccessContext,
  q: { binding?: CustomFieldBinding },
): Promise<ListedCustomField[]> {
  return inTenant(app, ctx, async (tx) => (await listFields(tx, ctx.entityId, { binding: q.binding })).map(toListed));
}

export async function getBadgeUsage(app: FastifyInstance, ctx: AccessContext): Promise<BadgeUsage> {
  return inTenant(app, ctx, async (tx) => ({ used: await countBadgeFields(tx, ctx.entityId), max: L.badgeMax }));
}

export async function getField(app: FastifyInstance, ctx: AccessContext, id: string): Promise<ListedCustomField> {
  return inTenant(app, ctx, async (tx) => {
    const found = await findField(tx, ctx.entityId, id);
    if (!found) throw new AppError('not_found');
    return toListed(found);
  });
}

/** The section a field goes into: the company's own, with room for one more field. */
async function assertSectionTakesField(tx: Executor, ctx: AccessContext, sectionId: string) {
  if (!(await findSection(tx, ctx.entityId, sectionId))) {
    throw new AppError('not_found', { field: 'section_id', messageKey: 'section_not_found' });
  }
  if ((await countSectionFields(tx, ctx.entityId, sectionId)) >= L.fieldsPerSectionMax) {
    throw new AppError('rule_violation', {
      field: 'section_id',
      messageKey: 'section_fields_full',
      vars: { max: L.fieldsPerSectionMax },
    });
  }
}

/** At most four fields print on a badge (spec §5, §9); counted under the company's badge lock. */
async function assertBadgeRoom(tx: Executor, entityId: string, exceptId?: string) {
  await lockBadgeBudget(tx, entityId);
  if ((await countBadgeFields(tx, entityId, exceptId)) >= L.badgeMax) throw badgeFull();
}

export async function createField(
  app: FastifyInstance,
  ctx: AccessContext,
  body: CustomFieldBodyParsed,
): Promise<ListedCustomField> {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      await assertSectionTakesField(tx, ctx, body.section_id);
      assertNotBuiltInName(body.name);
      if (await isFieldNameTaken(tx, ctx.entityId, body.section_id, body.name)) throw fieldNameTaken();
      if (body.print_on_badge) await assertBadgeRoom(tx, ctx.entityId);
      const id = newId();
      await insertField(tx, {
        entityId: ctx.entityId,
        id,
        sectionId: body.section_id,
        name: body.name,
        type: body.type,
        binding: body.binding,
        options: optionsForType(body.type, body.options),
        required: body.required,
        printOnBadge: body.print_on_badge,
        position: await nextFieldPosition(tx, ctx.entityId, body.section_id),
      });
      const created = toListed((await findField(tx, ctx.entityId, id))!);
      await writeAudit(tx, ctx, {
        action: 'custom_field.create',
        targetType: 'custom_field',
        targetId: id,
        after: created,
      });
      return created;
    }),
    fieldNameTaken,
  );
}

/**
 * What stored values forbid in a change: the type and the binding stay while people have values
 * (a value is not converted silently into another type); a choice stays while values use it; a
 * rating scale is not shortened below the scores given.
 */
async function assertValuesSurvive(
  tx: Executor,
  entityId: string,
  before: FieldWithCount,
  body: CustomFieldBodyParsed,
  options: CustomFieldOptions,
) {
  const { field, valueCount } = before;
  if (valueCount === 0) return;
  if (body.type !== field.type) {
    throw new AppError('rule_violation', {
      field: 'type',
      messageKey: 'custom_field_type_locked',
      vars: { count: valueCount },
    });
  }
  if (body.binding !== field.binding) {
    throw new AppError('rule_violation', {
      field: 'binding',
      messageKey: 'custom_field_binding_locked',
      vars: { count: valueCount },
    });
  }
  if (isChoiceType(body.type)) {
    const kept = new Set(options.choices ?? []);
    const removed = ((field.options as CustomFieldOptions).choices ?? []).filter((c) => !kept.has(c));
    const [used] = await countChoiceUses(tx, entityId, field.id, removed);
    if (used) {
      throw new AppError('rule_violation', {
        field: 'options.choices',
        messageKey: 'custom_field_choice_in_use',
        vars: { choice: used.choice, count: used.count },
      });
    }
  }
  if (body.type === 'ratingScale' && options.scale !== undefined) {
    const above = await countScoresAbove(tx, entityId, field.id, options.scale);
    if (above > 0) {
      throw new AppError('rule_violation', {
        field: 'options.scale',
        messageKey: 'custom_field_scale_in_use',
        vars: { count: above, max: options.scale },
      });
    }
  }
}

export async function changeField(
  app: FastifyInstance,
  ctx: AccessContext,
  id: string,
  body: CustomFieldBodyParsed,
): Promise<ListedCustomField> {
  return uniqueOr(
    inTenant(app, ctx, async (tx) => {
      const before = await findField(tx, ctx.entityId, id);
      if (!before) throw new AppError('not_found');
      const moving = body.section_id !== before.field.sectionId;
      if (moving) await assertSectionTakesField(tx, ctx, body.section_id);
      // A field made before the rule keeps its name until it is renamed.
      if (body.name !== before.field.name) assertNotBuiltInName(body.name);
      if (await isFieldNameTaken(tx, ctx.entityId, body.section_id, body.name, id)) throw fieldNameTaken();
      const options = optionsForType(body.type, body.options);
      await assertValuesSurvive(tx, ctx.entityId, before, body, options);
      if (body.print_on_badge && !before.field.printOnBadge) await assertBadgeRoom(tx, ctx.entityId, id);
      await updateField(tx, ctx.entityId, id, {
        sectionId: body.section_id,
        name: body.name,
        type: body.type,
        binding: body.binding,
        options,
        required: body.required,
        printOnBadge: body.print_on_badge,
        ...(moving ? { position: await nextFieldPosition(tx, ctx.entityId, body.section_id) } : {}),
      });
      const after = toListed((await findField(tx, ctx.entityId, id))!);
      await writeAudit(tx, ctx, {
        action: 'custom_field.update',
        targetType: 'custom_field',
        targetId: id,
        before: toListed(before),
        after,
      });
      return after;
    }),
    fieldNameTaken,
  );
}

/** Deletes a field and every value stored for it (the web app asks first and says how many). */
export async function removeField(app: FastifyInstance, ctx: AccessContext, id: string): Promise<void> {
  await inTenant(app, ctx, async (tx) => {
    const before = await findField(tx, ctx.entityId, id);
    if (!before) throw new AppError('not_found');
    await deleteField(tx, ctx.entityId, id);
    await writeAudit(tx, ctx, {
      action: 'custom_field.delete',
      targetType: 'custom_field',
      targetId: id,
      before: toListed(before),
    });
  });
}
