import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared/people/schemas';
import { labelVars } from '@app/shared/http/field-messages';
import { oneFieldErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useGenerateFaceIds } from '../api/generate-face-ids';
import { useUserTypeTree } from '../api/get-user-type-tree';
import { sharedUserType } from '../utils/shared-user-type';
import { userTypeOptions } from '../utils/tree-options';

type GenerateFaceIdsModalProps = { opened: boolean; people: Person[]; onClose: () => void };

/**
 * Makes the face IDs of a user type's consenting people who have a photo, as a job (decision 050): the
 * chosen user type's, not only the people selected, since the face library of a kiosk is by user type.
 */
export function GenerateFaceIdsModal({ opened, people, onClose }: GenerateFaceIdsModalProps) {
  const { t } = useTranslation('users');
  const tree = useUserTypeTree();
  const generate = useGenerateFaceIds();
  const options = userTypeOptions(tree.data ?? []);
  const depthOf = new Map(options.map((option) => [option.value, option.depth]));
  const [chosen, setChosen] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const typeId = chosen ?? sharedUserType(people);

  const close = () => {
    setChosen(null);
    setFieldError(null);
    setRefusal(null);
    onClose();
  };

  const submit = () => {
    setRefusal(null);
    if (!typeId) return setFieldError(t('errors:choice_required', labelVars('errors:fields.user_type_id', t)));
    generate.mutate(
      { user_type_id: typeId },
      {
        onSuccess: ({ queued }) => {
          notifySuccess(queued > 0 ? t('mass.face_ids.queued', { count: queued }) : t('mass.face_ids.none'));
          close();
        },
        onError: (error) => {
          const shown = oneFieldErrors(error, 'user_type_id');
          setFieldError(shown.field);
          setRefusal(shown.other);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('mass.face_ids.title')} centered>
      <Stack gap="md" data-testid="mass-face-ids-modal">
        <Text size="sm">{t('mass.face_ids.body')}</Text>
        <Select
          label={t('mass.face_ids.user_type')}
          required
          searchable
          allowDeselect={false}
          data={options.map(({ value, label }) => ({ value, label }))}
          value={typeId}
          onChange={(value) => {
            setChosen(value);
            setFieldError(null);
          }}
          error={fieldError}
          nothingFoundMessage={t('filters.nothing_found')}
          renderOption={({ option }) => (
            <Text
              size="sm"
              style={{ paddingInlineStart: `calc(${depthOf.get(option.value) ?? 0} * var(--mantine-spacing-md))` }}
            >
              {option.label}
            </Text>
          )}
          // Above the modal whichever way the list opens (as in the change of user type).
          comboboxProps={{ withinPortal: true }}
          data-testid="mass-face-ids-user-type"
        />
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="mass-face-ids-refusal">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={submit} loading={generate.isPending} data-testid="mass-face-ids-confirm">
            {t('mass.face_ids.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
