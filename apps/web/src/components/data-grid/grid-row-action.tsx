import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

type GridRowActionProps = {
  /** What the action does, for the tooltip and screen readers ("Edit site"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  /** Why the action cannot be taken: it stays in view, disabled, with this reason on hover and focus. */
  disabledReason?: string | null;
  testId: string;
};

/** One action of a grid row: an icon button that its tooltip names. */
export function GridRowAction({ label, icon, onClick, color, disabledReason, testId }: GridRowActionProps) {
  return (
    <Tooltip label={disabledReason ?? label} withArrow multiline maw={260}>
      {/* A disabled button fires no pointer events: the wrapper keeps the tooltip working. */}
      <span>
        <ActionIcon
          variant="subtle"
          color={color}
          aria-label={label}
          disabled={!!disabledReason}
          onClick={onClick}
          data-testid={testId}
        >
          {icon}
        </ActionIcon>
      </span>
    </Tooltip>
  );
}

/** A row's actions, side by side at the cell's end. */
export function GridRowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}
