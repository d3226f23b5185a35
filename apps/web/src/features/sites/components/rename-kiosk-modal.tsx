import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { renameKioskBodySchema, type Kiosk } from '@app/shared/kiosks/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useRenameKiosk } from '../api/rename-kiosk';

export type RenameKioskState = { kiosk: Kiosk } | null;

function RenameKioskForm({ kiosk, onClose }: { kiosk: Kiosk; onClose: () => void }) {
  const { t } = useTranslation('kiosks');
  const rename = useRenameKiosk();
  const form = useForm({
    initialValues: { name: kiosk.name },
    validate: (values) => zodFormErrors(renameKioskBodySchema, values, t),
  });
  const submit = form.onSubmit((values) =>
    rename.mutate(
      { id: kiosk.id, name: values.name.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.renamed'));
          onClose();
        },
        onError: (error) => showServerErrors(form, error, 'name'),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('rename.name')}
          required
          maxLength={50}
          data-autofocus
          data-testid="kiosk-rename-name"
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!form.isDirty()} data-testid="kiosk-rename-save">
            {t('rename.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RenameKioskModal({ state, onClose }: { state: RenameKioskState; onClose: () => void }) {
  const { t } = useTranslation('kiosks');
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state ? t('rename.title', { name: state.kiosk.name }) : ''}
      centered
    >
      {state && <RenameKioskForm key={state.kiosk.id} kiosk={state.kiosk} onClose={onClose} />}
    </Modal>
  );
}
