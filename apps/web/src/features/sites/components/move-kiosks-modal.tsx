import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import type { SiteTree } from '@app/shared/sites/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useMoveKiosks } from '../api/move-kiosks';
import { areaOptions } from '../utils/kiosk-areas';
import { NothingToChoose } from './nothing-to-choose';

export type MoveKiosksState = { kiosks: Kiosk[] } | null;

const moveFormSchema = z.object({ area_id: z.uuid() });

type MoveProps = { tree: SiteTree; onClose: () => void; onSaved?: () => void };

function MoveKiosksForm({ kiosks, tree, onClose, onSaved }: MoveProps & { kiosks: Kiosk[] }) {
  const { t } = useTranslation('kiosks');
  const move = useMoveKiosks();
  const single = kiosks.length === 1;
  // A single kiosk cannot move to the area it is in; a group may include kiosks already there.
  const options = areaOptions(tree, single ? kiosks[0]!.area_id : undefined);
  const form = useForm({
    initialValues: { area_id: '' },
    validate: (values) => zodFormErrors(moveFormSchema, values, t),
  });

  const submit = form.onSubmit((values) =>
    move.mutate(
      { ids: kiosks.map((k) => k.id), area_id: values.area_id },
      {
        onSuccess: () => {
          notifySuccess(single ? t('toasts.moved_single') : t('toasts.moved_multi'));
          onSaved?.();
          onClose();
        },
        onError: (error) => showServerErrors(form, error, 'area_id'),
      },
    ),
  );

  if (options.length === 0)
    return <NothingToChoose message={t('move.no_area')} testId="kiosk-move-none" onClose={onClose} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {single ? t('move.intro_single', { name: kiosks[0]!.name }) : t('move.intro_multi', { count: kiosks.length })}
        </Text>
        <Select
          label={t('move.area')}
          placeholder={t('move.area_placeholder')}
          data={options}
          searchable
          required
          nothingFoundMessage={t('move.nothing_found')}
          comboboxProps={{ withinPortal: true }}
          data-testid="kiosk-move-area"
          {...form.getInputProps('area_id')}
          onChange={(value: string | null) => form.setFieldValue('area_id', value ?? '')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending} data-testid="kiosk-move-save">
            {single ? t('move.save_single') : t('move.save_multi', { count: kiosks.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MoveKiosksModal({ state, tree, onClose, onSaved }: MoveProps & { state: MoveKiosksState }) {
  const { t } = useTranslation('kiosks');
  const kiosks = state?.kiosks ?? [];
  const title =
    kiosks.length === 1
      ? t('move.title_single', { name: kiosks[0]!.name })
      : t('move.title_multi', { count: kiosks.length });
  return (
    <Modal opened={state !== null} onClose={onClose} title={title} centered>
      {state && (
        <MoveKiosksForm
          key={kiosks.map((k) => k.id).join()}
          kiosks={kiosks}
          tree={tree}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}
