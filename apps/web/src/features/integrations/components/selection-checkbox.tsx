import { Checkbox } from '@mantine/core';
import { headerState, toggleAll, toggleOne } from '../utils/selection';

/** The header checkbox of a selectable table: every selectable row of the page, on or off. */
export function SelectPageCheckbox({
  selected,
  pageIds,
  onChange,
  label,
  testId,
}: {
  selected: string[];
  pageIds: string[];
  onChange: (next: string[]) => void;
  label: string;
  testId: string;
}) {
  const state = headerState(selected, pageIds);
  return (
    <Checkbox
      aria-label={label}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={pageIds.length === 0}
      onChange={(event) => onChange(toggleAll(selected, pageIds, event.currentTarget.checked))}
      data-testid={testId}
    />
  );
}

/** A row's checkbox, named after the row for screen readers. */
export function SelectRowCheckbox({
  id,
  selected,
  onChange,
  label,
  disabled,
  testId,
}: {
  id: string;
  selected: string[];
  onChange: (next: string[]) => void;
  label: string;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Checkbox
      aria-label={label}
      checked={selected.includes(id)}
      disabled={disabled}
      onChange={(event) => onChange(toggleOne(selected, id, event.currentTarget.checked))}
      data-testid={testId}
    />
  );
}
