import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  AUTO_SIGN_OUT_MODES,
  LOGIN_MODES,
  areaBodySchema,
  updateAreaBodySchema,
  type Area,
  type AutoSignOut,
  type LoginMode,
} from '@app/shared/sites/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateArea } from '../api/create-area';
import { useUpdateArea } from '../api/update-area';

export type AreaModalState =
  { mode: 'add'; siteId: string; siteName: string } | { mode: 'edit'; area: Area; siteName: string } | null;

type AreaFormValues = { name: string; login_mode: LoginMode; auto_sign_out: AutoSignOut; status: boolean };

function AreaForm({ state, onClose }: { state: NonNullable<AreaModalState>; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const create = useCreateArea();
  const update = useUpdateArea();
  const area = state.mode === 'edit' ? state.area : null;
  const form = useForm<AreaFormValues>({
    initialValues: {
      name: area?.name ?? '',
      login_mode: area?.login_mode ?? 'signIn_signOut',
      auto_sign_out: area?.auto_sign_out ?? 'after_24h',
      status: area?.status ?? true,
    },
    validate: (values) =>
      state.mode === 'add'
        ? zodFormErrors(areaBodySchema, { ...values, site_id: state.siteId }, t)
        : zodFormErrors(updateAreaBodySchema, values, t),
  });

  const onError = (error: Error) => showServerErrors(form, error, 'name');

  const submit = form.onSubmit((values) => {
    const body = { ...values, name: values.name.trim() };
    if (state.mode === 'edit') {
      update.mutate(
        { id: state.area.id, ...body },
        {
          onSuccess: () => {
            notifySuccess(t('toasts.area_updated'));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...body, site_id: state.siteId },
        {
          onSuccess: () => {
            notifySuccess(t('toasts.area_added'));
            onClose();
          },
          onError,
        },
      );
    }
  });

  const modeChanged = area !== null && form.values.login_mode !== area.login_mode;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('area_form.name')}
          placeholder={t('area_form.name_placeholder')}
          required
          maxLength={50}
          data-autofocus
          data-testid="area-name"
          {...form.getInputProps('name')}
        />
        <Select
          label={t('area_form.login_mode')}
          description={modeChanged ? t('area_form.login_mode_warning') : t('area_form.login_mode_hint')}
          data={LOGIN_MODES.map((mode) => ({ value: mode, label: t(`login_modes.${mode}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="area-login-mode"
          {...form.getInputProps('login_mode')}
        />
        <Select
          label={t('area_form.auto_sign_out')}
          description={t('area_form.auto_sign_out_hint')}
          data={AUTO_SIGN_OUT_MODES.map((mode) => ({ value: mode, label: t(`auto_sign_out.${mode}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="area-auto-sign-out"
          {...form.getInputProps('auto_sign_out')}
        />
        <Switch
          label={t('area_form.status')}
          description={form.values.status ? t('area_form.status_on') : t('area_form.status_off')}
          data-testid="area-status"
          {...form.getInputProps('status', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || update.isPending}
            disabled={area !== null && !form.isDirty()}
            data-testid="area-save"
          >
            {area ? t('actions.save') : t('actions.add_area')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AreaFormModal({ state, onClose }: { state: AreaModalState; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const title =
    state?.mode === 'edit'
      ? t('area_form.edit_title', { name: state.area.name })
      : t('area_form.add_title', { site: state?.siteName ?? '' });
  return (
    <Modal opened={state !== null} onClose={onClose} title={title} centered>
      {state && (
        <AreaForm key={state.mode === 'edit' ? state.area.id : `new-${state.siteId}`} state={state} onClose={onClose} />
      )}
    </Modal>
  );
}
