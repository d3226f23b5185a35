import { ActionIcon, ColorSwatch, Group, MultiSelect, Popover, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '@app/shared/people/schemas';
import { useLabels } from '../api/list-labels';
import { LabelCreateForm } from './label-create-form';

/** A label's colour as CSS: a theme colour name or a #rrggbb value. */
export const labelColor = (color: string) => (color.startsWith('#') ? color : `var(--mantine-color-${color}-6)`);

type LabelFieldProps = {
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  error?: string;
  testId: string;
};

/** Labels to choose, each with its colour, and "create label" right beside them. */
export function LabelField({ value, onChange, label, error, testId }: LabelFieldProps) {
  const { t } = useTranslation('users');
  const labels = useLabels();
  const [creating, setCreating] = useState(false);
  const byId = new Map((labels.data ?? []).map((l) => [l.id, l]));

  const created = (label: Label) => {
    onChange([...new Set([...value, label.id])]);
    setCreating(false);
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <MultiSelect
        style={{ flex: 1 }}
        label={label}
        placeholder={value.length === 0 ? t('labels.choose') : undefined}
        data={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage={t('labels.none')}
        error={error}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={labelColor(byId.get(option.value)?.color ?? 'gray')} size={12} />
            <Text size="sm">{option.label}</Text>
          </Group>
        )}
        data-testid={testId}
      />
      <Popover opened={creating} onChange={setCreating} position="bottom-end" shadow="md" width={300} trapFocus>
        <Popover.Target>
          <Tooltip label={t('labels.create')}>
            <ActionIcon
              variant="light"
              size="input-sm"
              onClick={() => setCreating((o) => !o)}
              aria-label={t('labels.create')}
              mb={error ? 22 : 0}
              data-testid={`${testId}-create`}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>{creating && <LabelCreateForm onCreated={created} />}</Popover.Dropdown>
      </Popover>
    </Group>
  );
}
