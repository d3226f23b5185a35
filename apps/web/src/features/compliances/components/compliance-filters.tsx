import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_FORMATS, COMPLIANCE_FREQUENCIES } from '@app/shared/compliances/schemas';
import type { ComplianceFilters } from '../utils/compliances-query';
import { ComplianceFormatIcon } from './compliance-format-icon';

type ComplianceFilterSelectsProps = {
  filters: ComplianceFilters;
  disabled: boolean;
  onChange: (key: keyof ComplianceFilters, value: string | null) => void;
};

/** What the compliance grid is narrowed to: one format, one frequency. */
export function ComplianceFilterSelects({ filters, disabled, onChange }: ComplianceFilterSelectsProps) {
  const { t } = useTranslation('compliances');
  return (
    <>
      <Select
        aria-label={t('filters.format')}
        placeholder={t('filters.any_format')}
        clearable
        disabled={disabled}
        w={{ base: '100%', sm: 160 }}
        data={COMPLIANCE_FORMATS.map((value) => ({ value, label: t(`formats.${value}`) }))}
        value={filters.format}
        onChange={(value) => onChange('format', value)}
        leftSection={filters.format ? <ComplianceFormatIcon format={filters.format} /> : undefined}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <ComplianceFormatIcon format={option.value} />
            <span>{option.label}</span>
          </Group>
        )}
        data-testid="compliances-filter-format"
      />
      <Select
        aria-label={t('filters.frequency')}
        placeholder={t('filters.any_frequency')}
        clearable
        disabled={disabled}
        w={{ base: '100%', sm: 170 }}
        data={COMPLIANCE_FREQUENCIES.map((value) => ({ value, label: t(`frequencies.${value}`) }))}
        value={filters.frequency}
        onChange={(value) => onChange('frequency', value)}
        data-testid="compliances-filter-frequency"
      />
    </>
  );
}
