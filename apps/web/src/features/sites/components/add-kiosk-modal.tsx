import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PAIRING_CODE_LENGTH, addKioskBodySchema } from '@app/shared/kiosks/schemas';
import type { SiteTree } from '@app/shared/sites/schemas';
import { hrefFor, paths } from '@/config/paths';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useAddKiosk } from '../api/add-kiosk';
import { areaOptions } from '../utils/kiosk-areas';
import classes from './kiosks.module.css';
import { NothingToChoose } from './nothing-to-choose';

export type AddKioskState = { areaId?: string } | null;

type AddKioskValues = { code: string; name: string; area_id: string };

function AddKioskForm({ areaId, tree, onClose }: { areaId?: string; tree: SiteTree; onClose: () => void }) {
  const { t } = useTranslation('kiosks');
  const add = useAddKiosk();
  const options = areaOptions(tree);
  const form = useForm<AddKioskValues>({
    initialValues: { code: '', name: '', area_id: areaId ?? '' },
    validate: (values) => zodFormErrors(addKioskBodySchema, values, t),
  });

  const submit = form.onSubmit((values) =>
    add.mutate(
      { ...values, name: values.name.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.added'));
          onClose();
        },
        onError: (error) => showServerErrors(form, error, 'code'),
      },
    ),
  );

  if (options.length === 0)
    return <NothingToChoose message={t('add.no_area')} testId="kiosk-add-no-area" onClose={onClose} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('add.intro', { page: `${window.location.origin}${hrefFor(paths.kioskRegister)}` })}
        </Text>
        <TextInput
          label={t('add.code')}
          description={t('add.code_hint')}
          placeholder="K7M 4QX"
          required
          maxLength={PAIRING_CODE_LENGTH + 2}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          classNames={{ input: classes.codeInput }}
          data-autofocus
          data-testid="kiosk-add-code"
          {...form.getInputProps('code')}
          onChange={(event) => form.setFieldValue('code', event.currentTarget.value.toUpperCase())}
        />
        <TextInput
          label={t('add.name')}
          placeholder={t('add.name_placeholder')}
          required
          maxLength={50}
          data-testid="kiosk-add-name"
          {...form.getInputProps('name')}
        />
        <Select
          label={t('add.area')}
          placeholder={t('add.area_placeholder')}
          data={options}
          searchable
          required
          nothingFoundMessage={t('move.nothing_found')}
          comboboxProps={{ withinPortal: true }}
          data-testid="kiosk-add-area"
          {...form.getInputProps('area_id')}
          onChange={(value: string | null) => form.setFieldValue('area_id', value ?? '')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} data-testid="kiosk-add-save">
            {t('actions.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AddKioskModal({ state, tree, onClose }: { state: AddKioskState; tree: SiteTree; onClose: () => void }) {
  const { t } = useTranslation('kiosks');
  return (
    <Modal opened={state !== null} onClose={onClose} title={t('add.title')} centered>
      {state && <AddKioskForm key={state.areaId ?? 'any'} areaId={state.areaId} tree={tree} onClose={onClose} />}
    </Modal>
  );
}
