import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { DATE_INPUT_FORMAT } from '@/lib/dates';

/**
 * A report's days (YYYY-MM-DD on the company's clock, shown DD/MM/YYYY): picked as a whole range, so
 * the first day picked waits for the second and the report never asks for a half-chosen period.
 */
export function DaysRangeInput({
  from,
  to,
  onChange,
  label,
  ariaLabel,
  testId,
  miw = 230,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  label?: string;
  ariaLabel?: string;
  testId: string;
  miw?: number;
}) {
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      label={label}
      aria-label={ariaLabel}
      valueFormat={DATE_INPUT_FORMAT}
      value={picking ?? [from, to]}
      onChange={([first, last]) => {
        if (first && last) {
          setPicking(null);
          onChange({ from: first, to: last });
        } else setPicking([first, last]);
      }}
      onDropdownClose={() => setPicking(null)}
      miw={miw}
      data-testid={testId}
    />
  );
}
