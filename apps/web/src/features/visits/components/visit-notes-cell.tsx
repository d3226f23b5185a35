import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconNote, IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VISIT_LIMITS } from '@app/shared/visits/constants';
import type { Visit } from '@app/shared/visits/schemas';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useChangeVisitNotes } from '../api/change-visit-notes';
import classes from './dashboard.module.css';

/**
 * What is wrong with the note, by the same rule and in the same words as the server: the schema and its
 * messages load with the first save, not with the dashboard.
 */
async function notesError(
  body: { notes: string },
  t: (key: string, vars?: Record<string, string | number>) => string,
): Promise<string | undefined> {
  const [{ visitNotesBodySchema }, { zodFormErrors }] = await Promise.all([
    import('@app/shared/visits/schemas'),
    import('@/lib/form-errors'),
  ]);
  return zodFormErrors(visitNotesBodySchema, body, t).notes;
}

/** The form in the popover: the note, its length against the limit, and what is wrong with it. */
function NotesForm({ visit, onClose }: { visit: Visit; onClose: () => void }) {
  const { t } = useTranslation('visits');
  const [notes, setNotes] = useState(visit.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeVisitNotes();
  const length = notes.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { notes };
    // The same rule as the server's: at most 30 characters once trimmed.
    const invalid = await notesError(body, t);
    if (invalid) {
      setError(invalid);
      return;
    }
    change.mutate(
      { id: visit.id, body },
      {
        onSuccess: () => {
          notifySuccess(t('notes.saved'));
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setError(failure.fields.notes?.join(' ') ?? failure.message);
        },
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t('notes.label', { name: visit.person.full_name })}
          value={notes}
          onChange={(event) => {
            setNotes(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          description={t('notes.length', { count: length, max: VISIT_LIMITS.notesMax })}
          data-autofocus
          data-testid="visit-notes-input"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onClose} data-testid="visit-notes-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={change.isPending} data-testid="visit-notes-save">
            {t('notes.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A row's notes (spec §5: at most 30 characters), changed in place. */
export function VisitNotesCell({ visit }: { visit: Visit }) {
  const { t } = useTranslation('visits');
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={300}
      position="bottom-start"
      trapFocus
      withinPortal
      shadow="md"
    >
      <Popover.Target>
        {visit.notes ? (
          <UnstyledButton
            className={classes.notes}
            onClick={() => setOpened((o) => !o)}
            title={t('notes.edit', { name: visit.person.full_name })}
            data-testid="visit-notes"
          >
            <Group gap={4} wrap="nowrap">
              <Text size="sm" truncate="end">
                {visit.notes}
              </Text>
              <IconPencil size={14} className={classes.notesIcon} aria-hidden />
            </Group>
          </UnstyledButton>
        ) : (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('notes.add', { name: visit.person.full_name })}
            onClick={() => setOpened((o) => !o)}
            data-testid="visit-notes"
          >
            <IconNote size={16} />
          </ActionIcon>
        )}
      </Popover.Target>
      <Popover.Dropdown>{opened && <NotesForm visit={visit} onClose={() => setOpened(false)} />}</Popover.Dropdown>
    </Popover>
  );
}
