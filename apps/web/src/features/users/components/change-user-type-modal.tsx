import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared/people/schemas';
import { useChangePeopleUserTypes } from '../api/change-people-user-types';
import { useUserTypeTree } from '../api/get-user-type-tree';
import { userTypeOptions } from '../utils/tree-options';
import { notifyMassResult } from './notify-mass-result';
import { OptionMultiSelect } from './option-multi-select';
import { PeopleNames } from './people-names';
import { labelVars } from '@app/shared/http/field-messages';

type ChangeUserTypeModalProps = { opened: boolean; people: Person[]; onClose: () => void; onDone: () => void };

/** Moves the chosen people to other user types (their types are replaced): "User Moved". */
export function ChangeUserTypeModal({ opened, people, onClose, onDone }: ChangeUserTypeModalProps) {
  const { t } = useTranslation('users');
  const tree = useUserTypeTree();
  const change = useChangePeopleUserTypes();
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setTypeIds([]);
    setError(undefined);
    onClose();
  };

  const save = () => {
    if (typeIds.length === 0) return setError(t('errors:choice_required', labelVars('errors:fields.user_type_ids', t)));
    const names = new Map(people.map((p) => [p.id, p.full_name]));
    change.mutate(
      { person_ids: people.map((p) => p.id), user_type_ids: typeIds },
      {
        onSuccess: (result) => {
          notifyMassResult({
            title: t('toasts.user_moved'),
            done: (count) => t('mass.moved', { count }),
            result,
            names,
          });
          setTypeIds([]);
          onDone();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('mass.user_types.title', { count: people.length })} centered>
      <Stack gap="md">
        <Text size="sm">{t('mass.user_types.body', { count: people.length })}</Text>
        <PeopleNames people={people} />
        <OptionMultiSelect
          label={t('form.user_types')}
          required
          options={userTypeOptions(tree.data ?? [])}
          value={typeIds}
          onChange={(ids) => {
            setTypeIds(ids);
            setError(undefined);
          }}
          error={error}
          nothingFoundMessage={t('filters.nothing_found')}
          // In a portal, the list floats above the modal whichever way it opens; inside the modal, a
          // list opening upwards went under the modal's header and could not be clicked.
          comboboxProps={{ withinPortal: true }}
          data-testid="mass-user-types-select"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={save} loading={change.isPending} data-testid="mass-user-types-confirm">
            {t('mass.user_types.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
