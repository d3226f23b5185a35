import { ActionIcon, Alert, Badge, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ComplianceOption } from '../api/flow-options';
import { moveItem, type FlowFormValues } from '../utils/flow-form';

type FlowCompliancesProps = {
  value: FlowFormValues['compliances'];
  onChange: (value: FlowFormValues['compliances']) => void;
  options: ComplianceOption[] | undefined;
  /** Names of compliances already on the flow, when the list could not be read. */
  known: Map<string, { name: string; format: string }>;
  loadFailed: boolean;
};

/** The compliances a person completes, in order; each required or optional. */
export function FlowCompliances({ value, onChange, options, known, loadFailed }: FlowCompliancesProps) {
  const { t } = useTranslation('journeys');
  const byId = new Map<string, { name: string; format: string }>(known);
  for (const option of options ?? []) byId.set(option.id, option);
  const available = (options ?? []).filter((o) => !value.some((c) => c.id === o.id));

  return (
    <Stack gap="sm">
      {loadFailed && (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />}>
          {t('compliances.load_failed')}
        </Alert>
      )}
      {value.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="flow-compliances-empty">
          {t('compliances.none')}
        </Text>
      )}
      {value.map((item, index) => {
        const info = byId.get(item.id);
        return (
          <Paper
            key={item.id}
            withBorder
            radius="md"
            px="md"
            py="xs"
            data-testid="flow-compliance"
            data-name={info?.name}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Badge variant="filled" color="gray" circle>
                  {index + 1}
                </Badge>
                <Text size="sm" fw={500} truncate="end">
                  {info?.name ?? t('compliances.unknown')}
                </Text>
                {info && (
                  <Badge variant="light" size="sm">
                    {t(`compliances.formats.${info.format}`, { defaultValue: info.format })}
                  </Badge>
                )}
              </Group>
              <Group gap={4} wrap="nowrap">
                <Switch
                  size="xs"
                  label={t('compliances.required')}
                  checked={item.required}
                  onChange={(event) =>
                    onChange(value.map((c, i) => (i === index ? { ...c, required: event.currentTarget.checked } : c)))
                  }
                  data-testid="flow-compliance-required"
                />
                <ActionIcon
                  variant="subtle"
                  aria-label={t('compliances.up')}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(value, index, -1))}
                  data-testid="flow-compliance-up"
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('compliances.down')}
                  disabled={index === value.length - 1}
                  onClick={() => onChange(moveItem(value, index, 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('compliances.remove')}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  data-testid="flow-compliance-remove"
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        );
      })}
      <Select
        placeholder={
          available.length
            ? t('compliances.add')
            : (options ?? []).length === 0
              ? t('compliances.none_in_company')
              : t('compliances.all_added')
        }
        data={available.map((o) => ({ value: o.id, label: o.name }))}
        value={null}
        searchable
        disabled={available.length === 0}
        onChange={(id) => id && onChange([...value, { id, required: true }])}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage={t('compliances.nothing_found')}
        data-testid="flow-compliance-add"
      />
    </Stack>
  );
}
