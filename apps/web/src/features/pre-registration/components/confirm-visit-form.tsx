import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPECTED_VISIT_LIMITS } from '@app/shared/expected-visits/schemas';
import type { VisitByLink } from '@app/shared/pre-registration/schemas';
import { hrefFor, paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useConfirmVisit } from '../api/confirm-visit';
import { useLinkExpired } from '../hooks/use-link-expired';
import { usePassportFill } from '../hooks/use-passport-fill';
import { fillEmptyFields, type PassportOffer } from '../utils/passport-fill';
import {
  confirmationBody,
  confirmationIssues,
  confirmationValues,
  toFormData,
  type VisitorValues,
} from '../utils/registration-form';
import { readRefusal } from '../utils/refusal';
import { saveVisitDone } from '../utils/visit-done';
import { CustomFieldSections } from './custom-field-sections';
import { PassportFill } from './passport-fill';
import { PhotoInput } from './photo-input';
import { VisitSummary } from './visit-summary';
import { VisitorFields } from './visitor-fields';

type ConfirmVisitFormProps = { token: string; visit: VisitByLink; passport: PassportOffer };

/**
 * /pre-registration/:id with a visit's link token (the confirmation link emailed to the visitor): the
 * visit as planned, the visitor's details to check, and the confirmation (spec confirm/visit).
 */
export function ConfirmVisitForm({ token, visit, passport }: ConfirmVisitFormProps) {
  const { t } = useTranslation('pre-registration');
  const navigate = useNavigate();
  const toExpired = useLinkExpired();
  const confirm = useConfirmVisit();
  const form = useForm<VisitorValues>({ initialValues: confirmationValues(visit) });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const validations = visit.validations;
  const fields = validations?.custom_fields ?? [];
  const photoNeeded = Boolean(validations?.photo_needed);
  const companyRequired = Boolean(validations?.mandatory_profile_data.includes('company_name'));
  const values = form.values;
  const filling = usePassportFill(passport.token, {
    fill: (profile) => form.setValues(fillEmptyFields(form.getValues(), profile)),
    wantsPhoto: photoNeeded && !photo,
    setPhoto: (file) => {
      setPhoto(file);
      setPhotoError(undefined);
    },
    setPhotoError,
  });
  // Confirmed from a form the passport filled: the success page leads back to the passport.
  const fromPassport = useSearchText('comingFromPassport') === 'true' || filling === 'filled';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const issues = confirmationIssues(values, fields, { companyRequired, requiredFields: false }, t);
    form.setErrors(issues);
    const photoMissing = photoNeeded && !photo;
    if (photoMissing) setPhotoError(t('photo.required'));
    if (Object.keys(issues).length > 0 || photoMissing) return;
    try {
      const done = await confirm.mutateAsync({
        token,
        form: toFormData(confirmationBody(values, fields), photoNeeded ? photo : null),
      });
      saveVisitDone(token, done);
      notifySuccess(done.message);
      await navigate({
        href: hrefFor(
          paths.preRegistrationSuccess,
          { id: token },
          fromPassport ? { add_visitor: true, comingFromPassport: true } : { add_visitor: true },
        ),
      });
    } catch (error) {
      const refusal = readRefusal(error, t('errors.send_failed'));
      if (refusal.expired) return toExpired({ ...refusal.expired, userHasPassport: visit.user_has_passport });
      form.setErrors(refusal.fields);
      if (refusal.photo) setPhotoError(refusal.photo);
      setFailure(refusal.message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="confirm-visit-form">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('confirm.title', { name: visit.user?.first_name ?? '' })}
          </Title>
          <Text c="dimmed">{t('confirm.intro', { company: visit.company?.name ?? '' })}</Text>
        </Stack>

        <VisitSummary visit={visit} title={t('confirm.visit_title')} />

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('confirm.details_title')}
            </Title>
            <PassportFill shareUrl={passport.shareUrl} status={filling} />
            <VisitorFields form={form} companyRequired={companyRequired} />
            {photoNeeded && (
              <PhotoInput
                value={photo}
                onChange={(file) => {
                  setPhoto(file);
                  setPhotoError(undefined);
                }}
                required
                error={photoError}
              />
            )}
            {validations?.host.asked && (
              <Textarea
                label={t('visit.host_message')}
                placeholder={t('visit.host_message_placeholder')}
                autosize
                minRows={2}
                maxRows={4}
                maxLength={EXPECTED_VISIT_LIMITS.hostMessageMax}
                data-testid="pre-registration-host-message"
                {...form.getInputProps('host_message')}
              />
            )}
          </Stack>
        </Paper>

        {fields.length > 0 && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('register.more_title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('confirm.fields_hint')}
              </Text>
              <CustomFieldSections
                fields={fields}
                values={values.custom_fields}
                onChange={(id, value) => form.setFieldValue(`custom_fields.${id}`, value)}
                errors={form.errors}
                enforceRequired={false}
              />
            </Stack>
          </Paper>
        )}

        {failure && (
          <Alert color="red" variant="light" role="alert" data-testid="pre-registration-failure">
            {failure}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          leftSection={<IconCircleCheck size={18} />}
          loading={confirm.isPending}
          data-testid="confirm-visit-submit"
        >
          {t('confirm.submit')}
        </Button>
      </Stack>
    </form>
  );
}
