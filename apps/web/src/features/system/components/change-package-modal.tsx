import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PACKAGES, PLANS, type PlanId, type PlanName } from '@app/shared/constants';
import { notifySuccess } from '@/lib/notify';
import { useChangeEntityPackage } from '../api/change-entity-package';
import type { PlatformEntity } from '../api/list-platform-entities';

type ChangePackageModalProps = { entity: PlatformEntity | null; onClose: () => void };

const PLAN_NAMES = Object.keys(PLANS) as PlanName[];

function ChangePackageForm({ entity, onClose }: { entity: PlatformEntity; onClose: () => void }) {
  const { t } = useTranslation('system');
  const change = useChangeEntityPackage();
  const form = useForm({
    initialValues: { package: entity.package, plan: String(entity.plan) },
  });

  const submit = form.onSubmit((values) =>
    change.mutate(
      { id: entity.id, package: values.package, plan: Number(values.plan) as PlanId },
      {
        onSuccess: () => {
          notifySuccess(t('package.saved', { name: entity.name }));
          onClose();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('package.intro', { name: entity.name })}
        </Text>
        <Select
          label={t('columns.package')}
          data={PACKAGES.map((name) => ({ value: name, label: t(`common:packages.${name}`) }))}
          allowDeselect={false}
          data-testid="package-select"
          {...form.getInputProps('package')}
        />
        <Select
          label={t('columns.plan')}
          data={PLAN_NAMES.map((name) => ({ value: String(PLANS[name]), label: t(`common:plans.${name}`) }))}
          allowDeselect={false}
          data-testid="plan-select"
          {...form.getInputProps('plan')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending} disabled={!form.isDirty()} data-testid="package-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangePackageModal({ entity, onClose }: ChangePackageModalProps) {
  const { t } = useTranslation('system');
  return (
    <Modal opened={entity !== null} onClose={onClose} title={t('package.title')} centered>
      {entity && <ChangePackageForm key={entity.id} entity={entity} onClose={onClose} />}
    </Modal>
  );
}
