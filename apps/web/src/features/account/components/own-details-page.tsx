import { Alert, Button, Card, Center, Grid, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ownDetailsBodySchema, type OwnDetails } from '@app/shared/people/own-details';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { PhoneField } from '@/components/ui/phone-field';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { refreshSession } from '@/lib/session';
import { useOwnDetails } from '../api/get-own-details';
import { useUpdateOwnDetails } from '../api/update-own-details';

type Values = { first_name: string; last_name: string; phone_code: string; phone: string; company_name: string };

const valuesOf = (d: OwnDetails): Values => ({
  first_name: d.first_name,
  last_name: d.last_name,
  phone_code: d.phone_code ?? '',
  phone: d.phone ?? '',
  company_name: d.company_name ?? '',
});

function DetailsForm({ details }: { details: OwnDetails }) {
  const { t } = useTranslation('account');
  const update = useUpdateOwnDetails();
  const form = useForm<Values>({
    initialValues: valuesOf(details),
    validate: (values) => zodFormErrors(ownDetailsBodySchema, values, t),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        notifySuccess(t('details.saved'));
        // The top bar shows the name the company knows the member by.
        refreshSession().catch(() => undefined);
      },
      onError: (error) => showServerErrors(form, error, 'first_name'),
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="own-details-form">
      <Stack gap="md">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('details.first_name')}
              required
              maxLength={PERSON_LIMITS.nameMax}
              data-testid="own-first-name"
              {...form.getInputProps('first_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('details.last_name')}
              required
              maxLength={PERSON_LIMITS.nameMax}
              data-testid="own-last-name"
              {...form.getInputProps('last_name')}
            />
          </Grid.Col>
        </Grid>
        <TextInput
          label={t('details.email')}
          value={details.email ?? ''}
          readOnly
          variant="filled"
          description={t('details.email_hint')}
          data-testid="own-email"
        />
        <PhoneField
          code={form.values.phone_code}
          phone={form.values.phone}
          onCode={(code) => form.setFieldValue('phone_code', code)}
          onPhone={(phone) => form.setFieldValue('phone', phone)}
          codeError={form.errors.phone_code}
          phoneError={form.errors.phone}
          texts={{
            code: t('details.phone_code'),
            codePlaceholder: t('details.phone_code_placeholder'),
            phone: t('details.phone'),
            phonePlaceholder: t('details.phone_placeholder'),
            nothingFound: t('details.nothing_found'),
          }}
          codeTestId="own-phone-code"
          phoneTestId="own-phone"
        />
        <TextInput
          label={t('details.company_name')}
          maxLength={PERSON_LIMITS.companyNameMax}
          data-testid="own-company-name"
          {...form.getInputProps('company_name')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} data-testid="own-details-save">
            {t('details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A member's own details (spec POST /update-user-details), from the user menu. */
export function OwnDetailsPage() {
  const { t } = useTranslation('account');
  const details = useOwnDetails();
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={2}>{t('details.title')}</Title>
        <Text c="dimmed">{t('details.description')}</Text>
      </Stack>
      <Card withBorder radius="md" padding="lg">
        {details.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : details.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="own-details-failed">
            {details.error.message}
          </Alert>
        ) : (
          <DetailsForm details={details.data} />
        )}
      </Card>
    </Stack>
  );
}
