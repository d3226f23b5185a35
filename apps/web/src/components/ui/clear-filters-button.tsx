import { Button, Group } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

type ClearFiltersButtonProps = {
  /** How many filters are set: none, and there is nothing to clear. */
  active: number;
  onClear: () => void;
  label: string;
  testId: string;
};

/** The end of a filter panel: the button that clears every filter it sets. */
export function ClearFiltersButton({ active, onClear, label, testId }: ClearFiltersButtonProps) {
  return (
    <Group justify="flex-end">
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconFilterOff size={14} />}
        disabled={active === 0}
        onClick={onClear}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}
