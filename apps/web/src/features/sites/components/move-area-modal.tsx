import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { moveAreaBodySchema, type Area, type SiteTree } from '@app/shared/sites/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useMoveArea } from '../api/move-area';
import { NothingToChoose } from './nothing-to-choose';

export type MoveAreaState = { area: Area; siteName: string } | null;

type MoveAreaFormProps = { area: Area; sites: SiteTree; onClose: () => void; onMoved: (siteId: string) => void };

function MoveAreaForm({ area, sites, onClose, onMoved }: MoveAreaFormProps) {
  const { t } = useTranslation('sites');
  const move = useMoveArea();
  const targets = sites.filter((site) => site.value !== area.site_id);
  const form = useForm({
    initialValues: { site_id: '' },
    validate: (values) => zodFormErrors(moveAreaBodySchema, values, t),
  });

  const submit = form.onSubmit((values) =>
    move.mutate(
      { id: area.id, site_id: values.site_id },
      {
        onSuccess: () => {
          notifySuccess(t('toasts.area_moved'));
          onMoved(values.site_id);
          onClose();
        },
        onError: (error) => showServerErrors(form, error, 'site_id'),
      },
    ),
  );

  if (targets.length === 0)
    return <NothingToChoose message={t('move.no_other_site')} testId="area-move-none" onClose={onClose} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('move.intro', { name: area.name })}
        </Text>
        <Select
          label={t('move.site')}
          placeholder={t('move.site_placeholder')}
          data={targets.map((site) => ({ value: site.value, label: site.text }))}
          searchable
          required
          nothingFoundMessage={t('move.nothing_found')}
          data-testid="area-move-site"
          {...form.getInputProps('site_id')}
          onChange={(value: string | null) => form.setFieldValue('site_id', value ?? '')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending} data-testid="area-move-save">
            {t('actions.move')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MoveAreaModal({
  state,
  sites,
  onClose,
  onMoved,
}: {
  state: MoveAreaState;
  sites: SiteTree;
  onClose: () => void;
  onMoved: (siteId: string) => void;
}) {
  const { t } = useTranslation('sites');
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state ? t('move.title', { name: state.area.name, site: state.siteName }) : ''}
      centered
    >
      {state && (
        <MoveAreaForm key={state.area.id} area={state.area} sites={sites} onClose={onClose} onMoved={onMoved} />
      )}
    </Modal>
  );
}
