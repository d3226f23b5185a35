import { useMemo } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { updateCompanyBodySchema, type CompanyDetails } from '@app/shared/entity/schemas';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { timeZoneOptions } from '@/lib/time-zone-options';
import { useUpdateCompany } from '../api/update-company';
import { useSubdomainStatus } from '../hooks/use-subdomain-status';
import { serverFormErrors, zodFormErrors } from '@/lib/form-errors';
import { SectionCard } from './section-card';
import { SubdomainFieldStatus } from './subdomain-field-status';

const formValues = (company: CompanyDetails) => ({
  name: company.name,
  subdomain: company.subdomain ?? '',
  timezone: company.timezone,
});

export function CompanyDetailsCard({ company }: { company: CompanyDetails }) {
  const { t } = useTranslation('company');
  const update = useUpdateCompany();
  const form = useForm({
    initialValues: formValues(company),
    validate: (values) => zodFormErrors(updateCompanyBodySchema, values, t),
  });
  const subdomain = useSubdomainStatus(form.values.subdomain, company.subdomain);
  const taken = subdomain.status === 'taken';
  const zones = useMemo(() => timeZoneOptions(new Date(), company.timezone), [company.timezone]);

  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setInitialValues(formValues(saved));
        form.setValues(formValues(saved));
        notifySuccess(t('details.saved'));
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 409) form.setFieldError('subdomain', error.message);
        else form.setErrors(serverFormErrors(error.fields));
      },
    });
  });

  const subdomainMessage = taken
    ? t(`errors:${subdomain.reason ?? 'subdomain_taken'}`, { defaultValue: t('details.subdomain_taken') })
    : form.errors.subdomain;

  return (
    <SectionCard icon={<IconBuilding size={20} />} title={t('details.title')} description={t('details.description')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('details.name')}
            maxLength={50}
            required
            data-testid="company-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('details.subdomain')}
            description={t('details.subdomain_hint')}
            maxLength={63}
            dir="ltr"
            required
            rightSection={<SubdomainFieldStatus status={subdomain.status} />}
            data-testid="company-subdomain"
            {...form.getInputProps('subdomain')}
            error={subdomainMessage}
          />
          {subdomain.status === 'available' && (
            <Text size="sm" c="teal" mt={-8} data-testid="subdomain-available">
              {t('details.subdomain_available')}
            </Text>
          )}
          <Select
            label={t('details.timezone')}
            description={t('details.timezone_hint')}
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('details.timezone_none')}
            comboboxProps={{ withinPortal: true }}
            dir="ltr"
            required
            data-testid="company-timezone"
            {...form.getInputProps('timezone')}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!form.isDirty() || taken || subdomain.status === 'checking'}
              data-testid="company-save"
            >
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
