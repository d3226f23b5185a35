import { Avatar, Badge, Group, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMPORT_PHOTO_COLUMN, type ImportRow, type ImportTask } from '@app/shared/people/import';
import { GridRowAction, GridRowActions, GridRowNameContext } from '@/components/data-grid/grid-row-action';
import {
  columnLabel,
  otherProblems,
  problemCount,
  rowName,
  rowStateOf,
  showsPhotos,
  type RowState,
} from '../utils/row-view';
import { ImportCell } from './import-cell';

const STATE_COLOURS: Record<RowState, string> = {
  ready: 'teal',
  problems: 'red',
  dropped: 'gray',
  created: 'teal',
  updated: 'blue',
  skipped: 'orange',
};

/** Cells whose text reads left to right in every language. */
const LTR_COLUMNS = new Set(['email', 'phone_code', 'phone', 'id_number']);
/** Columns whose values are long: an email fits on its line. */
const WIDE_COLUMNS = new Set(['email', 'user_types', 'sites']);

// The marked cell's start edge: a logical border, on the right in Arabic.
const invalidCell = {
  background: 'var(--mantine-color-red-light)',
  borderInlineStart: '3px solid var(--mantine-color-red-filled)',
} as const;

/** What a waiting row will do, or how it stands. */
function RowStatus({ row, extra }: { row: ImportRow; extra: string[] }) {
  const { t } = useTranslation('people-import');
  const state = rowStateOf(row);
  const count = problemCount(row);
  return (
    <Stack gap={4} data-testid="import-row-state" data-state={state}>
      <Badge variant="light" color={STATE_COLOURS[state]} style={{ minWidth: 'max-content' }}>
        {state === 'problems' ? t('grid.states.problems', { count }) : t(`grid.states.${state}`)}
      </Badge>
      {state === 'ready' && row.action && (
        <Text size="xs" c="dimmed" data-testid="import-row-action">
          {row.action === 'update' && row.person ? (
            <>
              {t('grid.updates')} <bdi>{row.person.name}</bdi>
            </>
          ) : (
            t('grid.creates')
          )}
        </Text>
      )}
      {extra.length > 0 && (
        <List size="xs" c="red.9" spacing={2} data-testid="import-row-other-problems">
          {extra.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

type ImportRowsTableProps = {
  task: ImportTask;
  rows: ImportRow[];
  /** Rows can be edited and dropped (the task waits to be run). */
  editable: boolean;
  onEdit: (row: ImportRow, column?: string) => void;
  onDrop: (row: ImportRow) => void;
};

/**
 * The grid of an import: a row of the sheet per line, in sheet order, with what it will do and every
 * problem marked on its cell. The sheet's own columns come as the sheet gave them.
 */
export function ImportRowsTable({ task, rows, editable, onEdit, onDrop }: ImportRowsTableProps) {
  const { t } = useTranslation('people-import');
  const withPhotos = showsPhotos(task.photos, rows);
  const columns = task.columns.map((column) => ({ ...column, label: columnLabel(column.header) }));
  const canChange = (row: ImportRow) => editable && row.status === 'pending';
  // Past this width the grid scrolls sideways rather than squeeze its columns.
  const minWidth = columns.reduce((sum, c) => sum + (WIDE_COLUMNS.has(c.key) ? 200 : 110), 260);

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" striped={false} highlightOnHover withColumnBorders data-testid="import-grid-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>{t('grid.columns.row')}</Table.Th>
            <Table.Th miw={160}>{t('grid.columns.status')}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} miw={WIDE_COLUMNS.has(column.key) ? 200 : undefined} data-column={column.key}>
                <bdi>{column.label}</bdi>
                {column.required && (
                  <>
                    <Text span c="red.9" ms={4} aria-hidden>
                      *
                    </Text>
                    <VisuallyHidden>{t('grid.required')}</VisuallyHidden>
                  </>
                )}
              </Table.Th>
            ))}
            {withPhotos && <Table.Th miw={90}>{t('grid.columns.photo')}</Table.Th>}
            {editable && (
              <Table.Th w={96} ta="end">
                {t('grid.columns.actions')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const name = rowName(row) ?? t('grid.row_number', { row: row.row_number });
            const photoProblems = row.errors[IMPORT_PHOTO_COLUMN];
            return (
              <Table.Tr
                key={row.id}
                data-testid="import-grid-row"
                data-row={row.row_number}
                data-state={rowStateOf(row)}
                style={row.status === 'dropped' ? { opacity: 0.7 } : undefined}
              >
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.row_number}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowStatus row={row} extra={otherProblems(row, columns, withPhotos)} />
                </Table.Td>
                {columns.map((column) => {
                  const problems = row.errors[column.key];
                  return (
                    <Table.Td
                      key={column.key}
                      data-column={column.key}
                      data-invalid={problems?.length ? true : undefined}
                      style={problems?.length ? invalidCell : undefined}
                    >
                      <ImportCell
                        value={row.cells[column.key]}
                        column={column.label}
                        problems={problems}
                        onFix={canChange(row) ? () => onEdit(row, column.key) : undefined}
                        ltr={LTR_COLUMNS.has(column.key)}
                      />
                    </Table.Td>
                  );
                })}
                {withPhotos && (
                  <Table.Td
                    data-column={IMPORT_PHOTO_COLUMN}
                    data-invalid={photoProblems?.length ? true : undefined}
                    style={photoProblems?.length ? invalidCell : undefined}
                  >
                    <Group gap={6} wrap="nowrap">
                      {row.photo_url ? (
                        <Avatar src={row.photo_url} size={36} radius="sm" alt={t('grid.photo_of', { name })} />
                      ) : null}
                      {photoProblems?.length ? (
                        <ImportCell
                          value={row.has_photo ? t('grid.has_photo') : null}
                          column={t('grid.columns.photo')}
                          problems={photoProblems}
                        />
                      ) : (
                        !row.photo_url && (
                          <Text size="sm" c="dimmed">
                            {row.has_photo ? t('grid.has_photo') : t('grid.no_photo')}
                          </Text>
                        )
                      )}
                    </Group>
                  </Table.Td>
                )}
                {editable && (
                  <Table.Td ta="end">
                    {canChange(row) && (
                      <GridRowNameContext value={name}>
                        <GridRowActions>
                          <GridRowAction
                            label={t('grid.edit')}
                            icon={<IconPencil size={16} />}
                            onClick={() => onEdit(row)}
                            testId="import-row-edit"
                          />
                          <GridRowAction
                            label={t('grid.drop')}
                            icon={<IconTrash size={16} />}
                            color="red"
                            onClick={() => onDrop(row)}
                            testId="import-row-drop"
                          />
                        </GridRowActions>
                      </GridRowNameContext>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
