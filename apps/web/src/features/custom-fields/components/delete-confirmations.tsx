import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import type { CustomField, Section } from '@app/shared/custom-fields/schemas';
import { sectionContents } from '../utils/field-form';

const t = i18next.getFixedT(null, 'custom-fields');

/** Asks before a section goes, saying how many fields and stored values go with it. */
export function confirmDeleteSection(section: Section, onConfirm: () => void) {
  const { fields, values } = sectionContents(section);
  modals.openConfirmModal({
    title: t('section.delete_title', { name: section.value }),
    centered: true,
    children: (
      <Stack gap="xs" data-testid="section-delete-summary">
        <Text size="sm">{t('section.delete_body')}</Text>
        <List size="sm" spacing={2}>
          <List.Item data-testid="section-delete-fields">{t('section.delete_fields', { count: fields })}</List.Item>
          <List.Item data-testid="section-delete-values">{t('section.delete_values', { count: values })}</List.Item>
        </List>
        <Text size="sm" fw={600}>
          {t('section.delete_final')}
        </Text>
      </Stack>
    ),
    labels: { confirm: t('section.delete_confirm'), cancel: i18next.t('common:actions.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'section-delete-confirm' },
    onConfirm,
  });
}

/** Asks before a field goes, saying how many stored values go with it. */
export function confirmDeleteField(field: CustomField, onConfirm: () => void) {
  modals.openConfirmModal({
    title: t('field.delete_title', { name: field.name }),
    centered: true,
    children: (
      <Stack gap="xs" data-testid="field-delete-summary">
        <Text size="sm">
          {field.value_count > 0 ? t('field.delete_values', { count: field.value_count }) : t('field.delete_no_values')}
        </Text>
        <Text size="sm" fw={600}>
          {t('field.delete_final')}
        </Text>
      </Stack>
    ),
    labels: { confirm: t('field.delete_confirm'), cancel: i18next.t('common:actions.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'field-delete-confirm' },
    onConfirm,
  });
}
