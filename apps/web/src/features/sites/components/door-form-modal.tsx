import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { updateDoorBodySchema } from '@app/shared/doors/schemas';
import type { TreeDoor } from '@app/shared/sites/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateDoor } from '../api/create-door';
import { useDeleteDoor } from '../api/delete-door';
import { useUpdateDoor } from '../api/update-door';
import type { TreeArea } from './site-tree';

export type DoorModalState = { area: TreeArea; door?: TreeDoor } | null;

type DoorFormValues = { name: string; kiosk_id: string | null };

function DoorForm({ area, door, onClose }: { area: TreeArea; door?: TreeDoor; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const create = useCreateDoor();
  const update = useUpdateDoor();
  const remove = useDeleteDoor();
  const form = useForm<DoorFormValues>({
    initialValues: { name: door?.name ?? '', kiosk_id: door?.kiosk_id ?? null },
    validate: (values) => zodFormErrors(updateDoorBodySchema, values, t),
  });

  const onError = (error: Error) => showServerErrors(form, error, 'name');

  const submit = form.onSubmit((values) => {
    const body = { name: values.name.trim(), kiosk_id: values.kiosk_id };
    const done = (toast: string) => () => {
      notifySuccess(toast);
      onClose();
    };
    if (door) update.mutate({ id: door.id, ...body }, { onSuccess: done(t('toasts.door_updated')), onError });
    else create.mutate({ ...body, area_id: area.id }, { onSuccess: done(t('toasts.door_added')), onError });
  });

  const removed = () => {
    notifySuccess(t('toasts.door_removed'));
    onClose();
  };
  const confirmRemove = (target: TreeDoor) =>
    modals.openConfirmModal({
      title: t('door_form.remove_title'),
      centered: true,
      children: <Text size="sm">{t('door_form.remove_body', { name: target.name, area: area.name })}</Text>,
      labels: { confirm: t('door_form.remove'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'door-remove-confirm' },
      onConfirm: () => remove.mutate(target.id, { onSuccess: removed }),
    });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('door_form.name')}
          placeholder={t('door_form.name_placeholder')}
          required
          maxLength={50}
          data-autofocus
          data-testid="door-name"
          {...form.getInputProps('name')}
        />
        <Select
          label={t('door_form.kiosk')}
          description={area.kiosks.length ? t('door_form.kiosk_hint') : t('door_form.no_kiosks')}
          placeholder={t('door_form.kiosk_none')}
          data={area.kiosks.map((kiosk) => ({ value: kiosk.id, label: kiosk.name }))}
          disabled={area.kiosks.length === 0}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-testid="door-kiosk"
          {...form.getInputProps('kiosk_id')}
        />
        <Group justify="space-between">
          {door ? (
            <Button variant="subtle" color="red" onClick={() => confirmRemove(door)} data-testid="door-remove">
              {t('door_form.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              disabled={door !== undefined && !form.isDirty()}
              data-testid="door-save"
            >
              {door ? t('actions.save') : t('actions.add_door')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Add a door to an area, or rename a door, change the kiosk that opens it, or remove it. */
export function DoorFormModal({ state, onClose }: { state: DoorModalState; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const title = state?.door
    ? t('door_form.edit_title', { name: state.door.name })
    : t('door_form.add_title', { area: state?.area.name ?? '' });
  return (
    <Modal opened={state !== null} onClose={onClose} title={title} centered>
      {state && (
        <DoorForm
          key={state.door?.id ?? `new-${state.area.id}`}
          area={state.area}
          door={state.door}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
