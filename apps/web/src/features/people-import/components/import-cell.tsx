import { ActionIcon, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type ImportCellProps = {
  value: string | null | undefined;
  /** The column's name, for the problem's label. */
  column: string;
  problems: readonly string[] | undefined;
  /** Opens the row's editor at this cell; without it the problem is only told. */
  onFix?: () => void;
  /** The value reads left to right in every language (an email, a phone). */
  ltr?: boolean;
};

/**
 * A cell of the sheet as the grid shows it. A cell with a problem is marked three ways: a tinted
 * background (the Td's `data-invalid`), a warning icon, and the problem in words: the icon is a button
 * that a screen reader or the keyboard reaches, named by the problem, whose tooltip shows it and which
 * opens the row's editor when the row can still be changed.
 */
export function ImportCell({ value, column, problems, onFix, ltr }: ImportCellProps) {
  const { t } = useTranslation('people-import');
  const text = value?.trim() ? value : null;
  // An empty cell is a dimmed dash on screen and "Empty" to a screen reader.
  const content = text ? (
    <Text size="sm" dir={ltr ? 'ltr' : 'auto'} style={{ overflowWrap: 'break-word' }} span>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed" span>
      <span aria-hidden>—</span>
      <VisuallyHidden>{t('grid.empty_cell')}</VisuallyHidden>
    </Text>
  );
  if (!problems?.length) return content;
  const message = problems.join(' ');
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Tooltip label={message} multiline maw={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          aria-label={t('grid.problem', { column, problem: message })}
          onClick={onFix}
          data-testid="import-cell-problem"
        >
          <IconAlertTriangle size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {content}
    </Group>
  );
}
