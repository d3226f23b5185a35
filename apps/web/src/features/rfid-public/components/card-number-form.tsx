import { Alert, Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enrolCardBodySchema } from '@app/shared/rfid/schemas';
import { ApiError } from '@/lib/api-client';
import { zodFormErrors } from '@/lib/form-errors';
import { useEnrolCard } from '../api/enrol-card';
import { rfidLinkQueryKey } from '../api/get-rfid-link';

/** The number printed on the card, typed on the phone instead of tapping the card at the kiosk. */
export function CardNumberForm({ code }: { code: string }) {
  const { t } = useTranslation('rfid');
  const queryClient = useQueryClient();
  const enrol = useEnrolCard(code);
  const form = useForm({
    initialValues: { rfid: '' },
    validate: (values) => zodFormErrors(enrolCardBodySchema, values, t),
  });

  const submit = form.onSubmit((values) =>
    enrol.mutate(enrolCardBodySchema.parse(values), {
      onError: (error) => {
        if (error instanceof ApiError && error.fields.rfid) {
          // A malformed number, or one another person holds ("RFID already in use").
          form.setFieldError('rfid', error.fields.rfid.join(' '));
        } else if (error instanceof ApiError && error.fields.code) {
          // The link itself stopped working meanwhile: the page shows why.
          void queryClient.invalidateQueries({ queryKey: rfidLinkQueryKey(code) });
        }
      },
    }),
  );
  // What the form cannot place on its field: no network, the server busy.
  const failure =
    enrol.error instanceof ApiError && !enrol.error.fields.rfid && !enrol.error.fields.code
      ? enrol.error.message
      : null;

  return (
    <form onSubmit={submit} noValidate data-testid="rfid-manual-form">
      <TextInput
        label={t('public.manual_label')}
        description={t('public.manual_hint')}
        placeholder="04A39F7C"
        size="md"
        maxLength={64}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        dir="ltr"
        data-testid="rfid-manual-number"
        {...form.getInputProps('rfid')}
      />
      {failure && (
        <Alert color="red" variant="light" mt="sm">
          {failure}
        </Alert>
      )}
      <Button type="submit" size="md" fullWidth mt="md" loading={enrol.isPending} data-testid="rfid-manual-submit">
        {t('public.manual_submit')}
      </Button>
    </form>
  );
}
