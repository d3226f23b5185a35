import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RFID_STATES, type RfidState } from '@app/shared/rfid/schemas';

/** The card state the list is narrowed to, or all. */
export function RfidStateFilter({
  value,
  onChange,
}: {
  value: RfidState | null;
  onChange: (v: RfidState | null) => void;
}) {
  const { t } = useTranslation('rfid');
  return (
    <Select
      aria-label={t('admin.filter.label')}
      placeholder={t('admin.filter.all')}
      data={RFID_STATES.map((state) => ({ value: state, label: t(`admin.states.${state}`) }))}
      value={value}
      onChange={(next) => onChange(RFID_STATES.find((state) => state === next) ?? null)}
      clearable
      w={170}
      comboboxProps={{ withinPortal: true }}
      data-testid="rfid-filter-state"
    />
  );
}
