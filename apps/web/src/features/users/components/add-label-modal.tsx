import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared/people/schemas';
import { useAddPeopleLabels } from '../api/add-people-labels';
import { LabelField } from './label-field';
import { notifyMassResult } from './notify-mass-result';
import { PeopleNames } from './people-names';
import { labelVars } from '@app/shared/http/field-messages';

type AddLabelModalProps = { opened: boolean; people: Person[]; onClose: () => void; onDone: () => void };

/** Adds labels to the chosen people (their other labels stay), with "create label" at hand. */
export function AddLabelModal({ opened, people, onClose, onDone }: AddLabelModalProps) {
  const { t } = useTranslation('users');
  const add = useAddPeopleLabels();
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setLabelIds([]);
    setError(undefined);
    onClose();
  };

  const save = () => {
    if (labelIds.length === 0) return setError(t('errors:choice_required', labelVars('errors:fields.label_ids', t)));
    const names = new Map(people.map((p) => [p.id, p.full_name]));
    add.mutate(
      { person_ids: people.map((p) => p.id), label_ids: labelIds },
      {
        onSuccess: (result) => {
          notifyMassResult({
            title: t('toasts.labels_added'),
            done: (count) => t('mass.labelled', { count }),
            result,
            names,
          });
          setLabelIds([]);
          onDone();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('mass.labels.title', { count: people.length })} centered>
      <Stack gap="md">
        <Text size="sm">{t('mass.labels.body', { count: people.length })}</Text>
        <PeopleNames people={people} />
        <LabelField
          label={t('form.labels')}
          value={labelIds}
          onChange={(ids) => {
            setLabelIds(ids);
            setError(undefined);
          }}
          error={error}
          testId="mass-labels-select"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={save} loading={add.isPending} data-testid="mass-labels-confirm">
            {t('mass.labels.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
