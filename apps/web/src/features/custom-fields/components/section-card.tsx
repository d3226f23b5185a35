import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomField, Section } from '@app/shared/custom-fields/schemas';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useUserTypeOptions } from '../api/list-user-types';
import { FieldRow } from './field-row';

type SectionCardProps = {
  section: Section;
  canEdit: boolean;
  onRename: () => void;
  onDelete: () => void;
  onDeleteField: (field: CustomField) => void;
};

/** A section with its fields in order, and what can be done to each. */
export function SectionCard({ section, canEdit, onRename, onDelete, onDeleteField }: SectionCardProps) {
  const { t } = useTranslation('custom-fields');
  const types = useUserTypeOptions();
  const names = section.user_type_ids.map((id) => types.data?.find((x) => x.value === id)?.label ?? '…');
  return (
    <Card withBorder radius="md" p="lg" data-testid="custom-field-section" data-section-name={section.value}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Title order={4} data-testid="custom-field-section-name" style={{ overflowWrap: 'anywhere' }}>
              {section.value}
            </Title>
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t('section.fields', { count: section.fields.length })}
            </Badge>
          </Group>
          {canEdit && (
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => navigateTo(hrefFor(paths.addCustomField, {}, { section: section.id }))}
                data-testid="custom-field-section-add-field"
              >
                {t('section.add_field')}
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`${t('section.actions')}: ${section.value}`}
                    data-testid="custom-field-section-menu"
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPencil size={16} />}
                    onClick={onRename}
                    data-testid="custom-field-section-rename"
                  >
                    {t('section.rename')}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={onDelete}
                    data-testid="custom-field-section-delete"
                  >
                    {t('section.delete')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          )}
        </Group>
        {/* The binding applies to profile fields, which the public registration forms ask. */}
        {(section.fields.length === 0 || section.fields.some((f) => f.binding === 'profile')) && (
          <Text size="sm" c="dimmed" data-testid="custom-field-section-types">
            {names.length ? t('section.asked_of', { types: names.join(', ') }) : t('section.asked_of_all')}
          </Text>
        )}
        {section.fields.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="custom-field-section-empty">
            {t('section.empty')}
          </Text>
        ) : (
          <div>
            {section.fields.map((field) => (
              <FieldRow key={field.id} field={field} canEdit={canEdit} onDelete={() => onDeleteField(field)} />
            ))}
          </div>
        )}
      </Stack>
    </Card>
  );
}
