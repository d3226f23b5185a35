import { Anchor, Button, Card, Grid, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOM_FIELD_BINDINGS,
  CUSTOM_FIELD_LIMITS,
  CUSTOM_FIELD_TYPES,
  customFieldBodySchema,
  isChoiceType,
  sectionBodySchema,
  type CustomFieldType,
  type ListedCustomField,
  type Section,
} from '@app/shared/custom-fields/schemas';
import { CustomFieldTypeIcon } from '@/components/custom-fields/custom-field-type-icon';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { useCreateCustomField } from '../api/create-custom-field';
import { useCreateSection } from '../api/create-section';
import { useUpdateCustomField } from '../api/update-custom-field';
import { useSectionNameStatus } from '../hooks/use-section-name-status';
import {
  badgeAvailable,
  badgeBudget,
  emptyFieldForm,
  fieldBody,
  fieldFormValues,
  type FieldFormValues,
} from '../utils/field-form';
import { ChoiceListEditor } from './choice-list-editor';
import { FieldPreview } from './field-preview';
import { SectionNameStatusIcon } from './section-name-status-icon';
import { labelVars } from '@app/shared/http/field-messages';

// Stands in for the section a new-section form will create, so the rest of the body is checked now.
const SECTION_TO_CREATE = '00000000-0000-4000-8000-000000000000';

type CustomFieldFormProps = {
  sections: Section[];
  /** The field being changed; none to add one. */
  field?: ListedCustomField;
  /** The section chosen first when adding (`?section=`). */
  initialSectionId?: string | null;
  onSaved: (outcome: 'created' | 'updated') => void;
};

/**
 * Adds or changes a custom field: its section (or a new one, named here), name, type with the type's
 * options, when it is asked, required, and printing on the badge (at most four per company). A
 * preview shows the field as people will answer it. Checked with the server's own schema first.
 */
export function CustomFieldForm({ sections, field, initialSectionId, onSaved }: CustomFieldFormProps) {
  const { t } = useTranslation('custom-fields');
  const [newSection, setNewSection] = useState(sections.length === 0);
  const createSection = useCreateSection();
  const createField = useCreateCustomField();
  const updateField = useUpdateCustomField();
  const form = useForm<FieldFormValues>({
    initialValues: field
      ? fieldFormValues(field)
      : emptyFieldForm(sections.some((s) => s.id === initialSectionId) ? initialSectionId! : (sections[0]?.id ?? '')),
    validate: (values) => validate(values),
  });
  const sectionName = useSectionNameStatus(newSection ? form.values.new_section : '');
  const sectionTaken = newSection && sectionName.status === 'taken' ? sectionName.message : null;

  function validate(values: FieldFormValues): Record<string, string> {
    const errors = zodFormErrors(
      customFieldBodySchema,
      fieldBody(values, newSection ? SECTION_TO_CREATE : values.section_id),
      t,
    );
    if (newSection) {
      const sectionErrors = zodFormErrors(sectionBodySchema, { name: values.new_section }, t);
      const message = sectionErrors.name ?? sectionTaken;
      if (message) errors.new_section = message;
    } else if (values.section_id === '') {
      errors.section_id = t('errors:field.required', labelVars('form.section', t));
    }
    return errors;
  }

  const locked = (field?.value_count ?? 0) > 0;
  const budget = badgeBudget(sections);
  const wasOnBadge = field?.print_on_badge ?? false;
  const badgeOpen = badgeAvailable(budget, wasOnBadge) || form.values.print_on_badge;
  const placesUsed = budget.used - (wasOnBadge ? 1 : 0) + (form.values.print_on_badge ? 1 : 0);
  const saving = createSection.isPending || createField.isPending || updateField.isPending;

  const showServerErrors = (error: unknown, rename: Record<string, string> = {}) => {
    if (!(error instanceof ApiError)) return;
    if (Object.keys(error.fields).length === 0) return notifyError(error.message);
    const fields = Object.fromEntries(Object.entries(error.fields).map(([name, m]) => [rename[name] ?? name, m]));
    form.setErrors(serverFormErrors(fields));
  };

  const submit = form.onSubmit(async (values) => {
    let sectionId = values.section_id;
    if (newSection) {
      try {
        sectionId = (await createSection.mutateAsync({ name: values.new_section })).id;
      } catch (error) {
        return showServerErrors(error, { name: 'new_section' });
      }
      // The section exists now: a failure below is retried against it, not by creating it again.
      form.setValues({ section_id: sectionId, new_section: '' });
      setNewSection(false);
    }
    try {
      const body = fieldBody(values, sectionId);
      if (field) await updateField.mutateAsync({ id: field.id, body });
      else await createField.mutateAsync(body);
      onSaved(field ? 'updated' : 'created');
    } catch (error) {
      showServerErrors(error);
    }
  });

  const typeData = CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {newSection ? (
                <TextInput
                  label={t('form.new_section')}
                  description={t('section.name_hint')}
                  required
                  maxLength={CUSTOM_FIELD_LIMITS.sectionNameMax}
                  rightSection={<SectionNameStatusIcon status={sectionName.status} />}
                  data-testid="field-new-section"
                  {...form.getInputProps('new_section')}
                  error={form.errors.new_section ?? sectionTaken}
                  inputWrapperOrder={['label', 'description', 'input', 'error']}
                />
              ) : (
                <Select
                  label={t('form.section')}
                  placeholder={t('form.section_placeholder')}
                  data={sections.map((s) => ({ value: s.id, label: s.value }))}
                  allowDeselect={false}
                  required
                  searchable
                  data-testid="field-section"
                  {...form.getInputProps('section_id')}
                />
              )}
              {sections.length > 0 && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  mt={-8}
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => {
                    setNewSection(!newSection);
                    form.clearFieldError('new_section');
                    form.clearFieldError('section_id');
                  }}
                  data-testid="field-section-mode"
                >
                  {newSection ? t('form.pick_section') : t('form.create_section')}
                </Anchor>
              )}
              <TextInput
                label={t('form.name')}
                placeholder={t('form.name_placeholder')}
                required
                maxLength={CUSTOM_FIELD_LIMITS.fieldNameMax}
                data-autofocus
                data-testid="field-name"
                {...form.getInputProps('name')}
              />
              <Select
                label={t('form.type')}
                description={locked ? t('form.type_locked', { count: field!.value_count }) : undefined}
                data={typeData}
                allowDeselect={false}
                required
                disabled={locked}
                leftSection={<CustomFieldTypeIcon type={form.values.type} />}
                renderOption={({ option }) => (
                  <Group gap="sm" wrap="nowrap">
                    <CustomFieldTypeIcon type={option.value as CustomFieldType} />
                    <span>{option.label}</span>
                  </Group>
                )}
                data-testid="field-type"
                {...form.getInputProps('type')}
              />
              <TypeOptions form={form} />
              <Select
                label={t('form.binding')}
                description={locked ? t('form.binding_locked', { count: field!.value_count }) : undefined}
                data={CUSTOM_FIELD_BINDINGS.map((b) => ({ value: b, label: t(`bindings.${b}`) }))}
                allowDeselect={false}
                required
                disabled={locked}
                data-testid="field-binding"
                {...form.getInputProps('binding')}
              />
              <Switch
                label={t('form.required')}
                description={t('form.required_hint')}
                data-testid="field-required"
                {...form.getInputProps('required', { type: 'checkbox' })}
              />
              <Switch
                label={t('form.print_on_badge')}
                description={
                  badgeOpen
                    ? t('form.badge_hint', { used: placesUsed, max: budget.max })
                    : t('form.badge_full', { max: budget.max })
                }
                disabled={!badgeOpen}
                data-testid="field-print-on-badge"
                {...form.getInputProps('print_on_badge', { type: 'checkbox' })}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" component={Link} to={paths.customFields}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" loading={saving} data-testid="field-save">
                  {t('form.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <FieldPreview body={fieldBody(form.values)} />
      </Grid.Col>
    </Grid>
  );
}

type FieldForm = UseFormReturnType<FieldFormValues>;

/** The options of the chosen type: its choices, the top of its scale, or a word on the fixed scale. */
function TypeOptions({ form }: { form: FieldForm }) {
  const { t } = useTranslation('custom-fields');
  const { type } = form.values;
  if (isChoiceType(type)) {
    return (
      <ChoiceListEditor
        choices={form.values.options.choices}
        onChange={(choices) => {
          form.setFieldValue('options.choices', choices);
          form.clearFieldError('options.choices');
        }}
        error={form.errors['options.choices'] as string | undefined}
      />
    );
  }
  if (type === 'ratingScale') {
    const scale = Number(form.values.options.scale) || CUSTOM_FIELD_LIMITS.scaleMin;
    return (
      <NumberInput
        label={t('form.scale')}
        description={t('form.scale_hint', { max: scale })}
        min={CUSTOM_FIELD_LIMITS.scaleMin}
        max={CUSTOM_FIELD_LIMITS.scaleMax}
        allowDecimal={false}
        allowNegative={false}
        required
        maw={200}
        data-testid="field-scale"
        {...form.getInputProps('options.scale')}
      />
    );
  }
  if (type === 'stars' || type === 'smileys') {
    return (
      <Text size="sm" c="dimmed">
        {t('form.fixed_scale', { max: CUSTOM_FIELD_LIMITS.fixedScale })}
      </Text>
    );
  }
  return null;
}
