import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useSimplePermits } from '../api/list-simple-permits';
import { hoursText, recurrenceText } from '../utils/schedule-format';

type AssignPermitPickerProps = {
  /** Permits already given here, left out of the list. */
  exclude: ReadonlySet<string>;
  onAssign: (permitId: string) => Promise<unknown>;
  pending: boolean;
  testId: string;
};

/** One of the company's permits to give a person or a user type, with a refusal shown on the field. */
export function AssignPermitPicker({ exclude, onAssign, pending, testId }: AssignPermitPickerProps) {
  const { t, i18n } = useTranslation('visit-permits');
  const permits = useSimplePermits();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = (permits.data?.data ?? [])
    .filter((permit) => !exclude.has(permit.id))
    .map((permit) => ({
      value: permit.id,
      label: `${permit.name} · ${recurrenceText(permit, t, i18n.language)}, ${hoursText(permit)}`,
    }));

  const assign = () => {
    if (!value) return;
    setError(null);
    onAssign(value)
      .then(() => setValue(null))
      .catch((e: unknown) => {
        if (e instanceof ApiError) setError(e.fields.permit_id?.join(' ') ?? e.message);
      });
  };

  return (
    <Group align="flex-start" wrap="nowrap">
      <Select
        style={{ flex: 1, minWidth: 0 }}
        aria-label={t('assign.permit_label')}
        placeholder={t('assign.permit_placeholder')}
        data={data}
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        searchable
        clearable
        nothingFoundMessage={permits.data?.count ? t('assign.permits_all_given') : t('assign.permits_none')}
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testId}-select`}
      />
      <Button onClick={assign} disabled={!value} loading={pending} data-testid={testId}>
        {t('assign.submit')}
      </Button>
    </Group>
  );
}
