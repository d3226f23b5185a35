import { Button, Group, MultiSelect, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetails } from '@app/shared/entity/schemas';
import { notifySuccess } from '@/lib/notify';
import { roleName } from '@/lib/role-name';
import { useUpdateTwoStep } from '../api/update-two-step';
import { SectionCard } from './section-card';

const formValues = (company: CompanyDetails) => ({
  two_step_enabled: company.two_step_enabled,
  otp_roles: company.otp_roles,
});

export function TwoStepCard({ company }: { company: CompanyDetails }) {
  const { t } = useTranslation('company');
  const update = useUpdateTwoStep();
  const form = useForm({
    initialValues: formValues(company),
    validate: {
      otp_roles: (roles, values) =>
        values.two_step_enabled && roles.length === 0 ? t('two_step.roles_required') : null,
    },
  });

  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setInitialValues(formValues(saved));
        form.setValues(formValues(saved));
        notifySuccess(t('two_step.saved'));
      },
    }),
  );

  return (
    <SectionCard
      icon={<IconShieldLock size={20} />}
      title={t('two_step.title')}
      description={t('two_step.description')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Switch
            label={t('two_step.enabled')}
            data-testid="two-step-toggle"
            {...form.getInputProps('two_step_enabled', { type: 'checkbox' })}
          />
          <MultiSelect
            label={t('two_step.roles')}
            description={t('two_step.roles_hint')}
            placeholder={form.values.otp_roles.length === 0 ? t('two_step.roles_placeholder') : undefined}
            data={company.roles.map((role) => ({ value: role.id, label: roleName(role, t) }))}
            disabled={!form.values.two_step_enabled}
            searchable
            clearable
            maxDropdownHeight={300}
            nothingFoundMessage={t('two_step.no_roles')}
            data-testid="two-step-roles"
            {...form.getInputProps('otp_roles')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()} data-testid="two-step-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
