import { Alert, Button, Group, List, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_LIMITS,
  IMPORT_LIST_SEPARATOR,
  IMPORT_PHOTO_COLUMN,
  type ImportRow,
  type ImportTask,
} from '@app/shared/people/import';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid } from '@/lib/first-error';
import { notifySuccess } from '@/lib/notify';
import { useChangeImportRow } from '../api/change-import-row';
import { rowEditBody, rowEditRefusal, rowEditValues, type RowEditValues } from '../utils/row-edit';
import { columnLabel, otherProblems, problemCount, rowName } from '../utils/row-view';

/** Columns that take several names in one cell. */
const LIST_COLUMNS = new Set(['user_types', 'sites']);
const LTR_COLUMNS = new Set(['email', 'phone_code', 'phone', 'id_number']);

type RowEditModalProps = {
  task: ImportTask;
  row: ImportRow;
  /** The cell to start at (the problem clicked in the grid). */
  column?: string;
  onClose: () => void;
};

/** A row's cells to correct: each with its problems under it, as the server found them. */
export function RowEditModal(props: RowEditModalProps) {
  const { t } = useTranslation('people-import');
  const name = rowName(props.row);
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      centered
      title={
        name
          ? t('edit.title_named', { row: props.row.row_number, name })
          : t('edit.title', { row: props.row.row_number })
      }
    >
      <RowEditForm {...props} />
    </Modal>
  );
}

function RowEditForm({ task, row: initial, column: startAt, onClose }: RowEditModalProps) {
  const { t } = useTranslation('people-import');
  const change = useChangeImportRow();
  // What was typed stays as typed; the row (its problems) is the server's latest answer.
  const [values, setValues] = useState<RowEditValues>(() => rowEditValues(initial, task.columns));
  const [row, setRow] = useState(initial);
  const [refused, setRefused] = useState<{ cells: Record<string, string>; other: string | null } | null>(null);
  const [checked, setChecked] = useState(false);
  const photoProblems = row.errors[IMPORT_PHOTO_COLUMN] ?? [];
  const extra = otherProblems(row, task.columns, true);
  const first = startAt ?? task.columns.find((c) => row.errors[c.key]?.length)?.key ?? task.columns[0]?.key;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = rowEditBody(row, values);
    if (!body) {
      onClose();
      return;
    }
    setRefused(null);
    change.mutate(
      { taskId: task.id, rowId: row.id, body },
      {
        onSuccess: (answer) => {
          if (problemCount(answer) === 0) {
            notifySuccess(t('toasts.row_ready', { row: answer.row_number }));
            onClose();
            return;
          }
          // The cells saved become the row's; the editor keeps what was typed and shows the problems now.
          setRow(answer);
          setChecked(true);
          requestAnimationFrame(() => focusFirstInvalid(form));
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          setRefused(rowEditRefusal(error.fields, error.message));
          requestAnimationFrame(() => focusFirstInvalid(form));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="import-row-form">
      <Stack gap="md">
        {checked && (
          <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} />} data-testid="import-row-still">
            {t('edit.still', { count: problemCount(row) })}
          </Alert>
        )}
        {refused?.other && (
          <Alert variant="light" color="red" role="alert" data-testid="import-row-refused">
            {refused.other}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {task.columns.map((column) => {
            const refusal = refused?.cells[column.key];
            const problems = [...(row.errors[column.key] ?? []), ...(refusal ? [refusal] : [])];
            return (
              <TextInput
                key={column.key}
                label={columnLabel(column.header)}
                required={column.required}
                description={
                  LIST_COLUMNS.has(column.key) ? t('edit.list_hint', { separator: IMPORT_LIST_SEPARATOR }) : undefined
                }
                value={values[column.key] ?? ''}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({ ...current, [column.key]: value }));
                }}
                error={problems.length ? problems.join(' ') : undefined}
                maxLength={IMPORT_LIMITS.cellMax}
                dir={LTR_COLUMNS.has(column.key) ? 'ltr' : 'auto'}
                data-autofocus={column.key === first || undefined}
                data-testid={`import-row-cell-${column.key}`}
              />
            );
          })}
        </SimpleGrid>
        {(photoProblems.length > 0 || extra.length > 0) && (
          <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} title={t('edit.other_problems')}>
            <List size="sm" spacing={2}>
              {[...photoProblems, ...extra].map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
            {photoProblems.length > 0 && (
              <Text size="sm" mt="xs">
                {t('edit.photo_hint')}
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending} data-testid="import-row-save">
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
