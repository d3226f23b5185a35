import { ActionIcon, Badge, Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconId, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomField } from '@app/shared/custom-fields/schemas';
import { CustomFieldTypeIcon } from '@/components/custom-fields/custom-field-type-icon';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import classes from './custom-fields.module.css';

type FieldRowProps = {
  field: CustomField;
  canEdit: boolean;
  onDelete: () => void;
};

/** One field of a section: what it asks, how and when, and whether it prints on the badge. */
export function FieldRow({ field, canEdit, onDelete }: FieldRowProps) {
  const { t } = useTranslation('custom-fields');
  return (
    <div className={classes.fieldRow} data-testid="custom-field-row" data-field-name={field.name}>
      <Group gap="sm" wrap="nowrap" className={classes.fieldName}>
        <Tooltip label={t(`types.${field.type}`)}>
          <ThemeIcon variant="light" color="gray" size={32} radius="md">
            <CustomFieldTypeIcon type={field.type} />
          </ThemeIcon>
        </Tooltip>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate data-testid="custom-field-name">
            <bdi>{field.name}</bdi>
          </Text>
          <Text size="xs" c="dimmed" data-testid="custom-field-type">
            {t(`types.${field.type}`)}
            {field.options.choices?.length ? ` · ${field.options.choices.join(', ')}` : ''}
            {field.type === 'ratingScale' && field.options.scale ? ` · 1–${field.options.scale}` : ''}
          </Text>
        </div>
      </Group>
      <Group gap={6} className={classes.fieldFacts}>
        <Badge variant="light" color="gray" data-testid="custom-field-binding">
          {t(`bindings_short.${field.binding}`)}
        </Badge>
        {field.required && (
          <Badge variant="light" color="red">
            {t('field.required')}
          </Badge>
        )}
        {field.print_on_badge && (
          <Badge variant="light" color="blue" leftSection={<IconId size={12} />} data-testid="custom-field-on-badge">
            {t('field.on_badge')}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {t('field.values', { count: field.value_count })}
        </Text>
      </Group>
      {canEdit && (
        <Group gap={4} wrap="nowrap" className={classes.fieldActions}>
          <Tooltip label={t('field.edit')}>
            <ActionIcon
              variant="subtle"
              onClick={() => navigateTo(hrefFor(paths.addCustomField, {}, { id: field.id }))}
              aria-label={`${t('field.edit')}: ${field.name}`}
              data-testid="custom-field-edit"
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('field.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={`${t('field.delete')}: ${field.name}`}
              data-testid="custom-field-delete"
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </div>
  );
}
