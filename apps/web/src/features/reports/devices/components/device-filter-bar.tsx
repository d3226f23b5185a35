import { Button, Group, Paper, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DaysRangeInput } from '../../components/days-range-input';

export type FilterSelect = {
  key: string;
  label: string;
  value: string | undefined;
  data: { value: string; label: string }[];
};

type DeviceFilterBarProps = {
  testId: string;
  range: { from: string; to: string };
  daysLabel: string;
  anyLabel: string;
  clearLabel: string;
  nothingFound: string;
  selects: FilterSelect[];
  active: number;
  onChange: (change: Record<string, string | undefined>) => void;
  onClear: () => void;
  /** What the bar holds at its end (the export). */
  actions?: ReactNode;
};

/** The days of a device report and its few filters in one bar, each change kept in the address. */
export function DeviceFilterBar(props: DeviceFilterBarProps) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="sm" wrap="wrap" justify="space-between" align="flex-end">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <DaysRangeInput
            label={props.daysLabel}
            from={props.range.from}
            to={props.range.to}
            onChange={props.onChange}
            miw={210}
            testId={`${props.testId}-filter-days`}
          />
          {props.selects.map((s) => (
            <Select
              key={s.key}
              label={s.label}
              placeholder={props.anyLabel}
              data={s.data}
              value={s.value ?? null}
              onChange={(value) => props.onChange({ [s.key]: value ?? undefined })}
              clearable
              searchable
              nothingFoundMessage={props.nothingFound}
              w={160}
              data-testid={`${props.testId}-filter-${s.key}`}
            />
          ))}
          {props.active > 0 && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={props.onClear}
              data-testid={`${props.testId}-filter-clear`}
            >
              {props.clearLabel}
            </Button>
          )}
        </Group>
        {props.actions}
      </Group>
    </Paper>
  );
}
