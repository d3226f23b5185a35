import { Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { AUTO_SIGN_OUT_MODES, LOGIN_MODES, type Area } from '@app/shared/sites/schemas';
import { showServerErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useCreateArea } from '../api/create-area';
import { useUpdateArea } from '../api/update-area';
import { areaBody, areaFormValues, takesCapacity, validateAreaForm, type AreaFormValues } from '../utils/area-form';
import { limitRange } from '../utils/place-limits';
import { PlaceLimitInputs } from './place-limit-inputs';

export type AreaModalState =
  { mode: 'add'; siteId: string; siteName: string } | { mode: 'edit'; area: Area; siteName: string } | null;

function AreaForm({ state, onClose }: { state: NonNullable<AreaModalState>; onClose: () => void }) {
  const { t, i18n } = useTranslation('sites');
  const create = useCreateArea();
  const update = useUpdateArea();
  const area = state.mode === 'edit' ? state.area : null;
  const form = useForm<AreaFormValues>({
    initialValues: areaFormValues(area),
    validate: (values) =>
      validateAreaForm(values, t, limitRange(i18n.language), state.mode === 'add' ? state.siteId : undefined),
  });

  const onError = (error: Error) => showServerErrors(form, error, 'name');

  const submit = form.onSubmit((values) => {
    const body = areaBody(values);
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
  // Check-ins keep nobody on site: no capacity there, and one the area had goes when it is saved.
  const capacityOff = takesCapacity(form.values.login_mode)
    ? undefined
    : area?.capacity != null
      ? `${t('limits.capacity_check_in_only')} ${t('limits.capacity_removed', { limit: area.capacity })}`
      : t('limits.capacity_check_in_only');

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
        <PlaceLimitInputs
          capacity={form.getInputProps('capacity')}
          dailyLimit={form.getInputProps('daily_visitor_limit')}
          capacityOff={capacityOff}
          stacked
          testIdPrefix="area"
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
