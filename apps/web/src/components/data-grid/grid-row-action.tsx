import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { createContext, use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The name of the row whose actions are rendered (the grid's `getRowLabel`), set by the grid. */
export const GridRowNameContext = createContext<string | null>(null);

type GridRowActionProps = {
  /** What the action does, for the tooltip and screen readers ("Edit site"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  /** Why the action cannot be taken: it stays in view, disabled, with this reason on hover and focus. */
  disabledReason?: string | null;
  /** The label is written beside the icon: for a row's only action, which reads better named. */
  withLabel?: boolean;
  testId: string;
};

/** One action of a grid row: an icon button that its tooltip names, or a button that names itself. */
export function GridRowAction({ label, icon, onClick, color, disabledReason, withLabel, testId }: GridRowActionProps) {
  const { t } = useTranslation('grid');
  const rowName = use(GridRowNameContext);
  const disabled = !!disabledReason;
  // Every row has the same buttons: a screen reader moving between them also hears whose row it is
  // ("Edit site: Main office"), unless the label already names it.
  const name = rowName && !label.includes(rowName) ? t('row_action', { action: label, name: rowName }) : label;
  return (
    // A button with its label in view needs no tooltip but the reason it is disabled.
    <Tooltip label={disabledReason ?? label} disabled={withLabel && !disabled} withArrow multiline maw={260}>
      {/* A disabled button fires no pointer events: the wrapper keeps the tooltip working. */}
      <span>
        {withLabel ? (
          <Button
            variant="subtle"
            size="compact-sm"
            color={color}
            leftSection={icon}
            disabled={disabled}
            onClick={onClick}
            aria-label={name === label ? undefined : name}
            data-testid={testId}
          >
            {label}
          </Button>
        ) : (
          <ActionIcon
            variant="subtle"
            color={color}
            aria-label={name}
            disabled={disabled}
            onClick={onClick}
            data-testid={testId}
          >
            {icon}
          </ActionIcon>
        )}
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
