import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconBan, IconCalendarX, IconSend } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPECTED_VISIT_LIMITS } from '@app/shared/expected-visits/schemas';
import type { PreRegistrationInfo } from '@app/shared/pre-registration/schemas';
import { hrefFor, paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { checkUser } from '../api/check-user';
import { checkVisit } from '../api/check-visit';
import { useCreatePreRegistration } from '../api/create-pre-registration';
import { useLinkExpired } from '../hooks/use-link-expired';
import { usePassportFill } from '../hooks/use-passport-fill';
import { fillEmptyFields, type PassportOffer } from '../utils/passport-fill';
import {
  fieldsOfType,
  flowOfSite,
  flowsOfType,
  placeFor,
  registrationBody,
  registrationIssues,
  registrationValues,
  sitesOfType,
  toFormData,
  type RegistrationValues,
} from '../utils/registration-form';
import { readRefusal } from '../utils/refusal';
import { firstSlot } from '../utils/visit-clock';
import { saveVisitDone } from '../utils/visit-done';
import { CustomFieldSections } from './custom-field-sections';
import { HostSelect } from './host-select';
import { PassportFill } from './passport-fill';
import { PhotoInput } from './photo-input';
import { VisitWhen } from './visit-when';
import { VisitorFields } from './visitor-fields';

/** Why the form cannot go on: not allowed as this type, or another visit that day (spec §5 server checks). */
type Stop = { kind: 'not_allowed' | 'visit_exists'; title: string; body: string };

type SelfRegistrationFormProps = { linkId: string; info: PreRegistrationInfo; passport: PassportOffer };

/**
 * /pre-registration/:id with a user type's code (spec §2, §3 Pre-registration state): the visitor
 * registers a visit of their own. The server's checks run before sending (validate_user_type,
 * check_user_entity, validate-expected-visit), and their answers stop the form where they apply.
 */
export function SelfRegistrationForm({ linkId, info, passport }: SelfRegistrationFormProps) {
  const { t } = useTranslation('pre-registration');
  const navigate = useNavigate();
  const toExpired = useLinkExpired();
  const create = useCreatePreRegistration();
  const slot = useMemo(() => firstSlot(info.timezone), [info.timezone]);
  const form = useForm<RegistrationValues>({ initialValues: registrationValues(info, slot) });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [stop, setStop] = useState<Stop | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const stopRef = useRef<HTMLDivElement>(null);
  const filling = usePassportFill(passport.token, {
    fill: (profile) => form.setValues(fillEmptyFields(form.getValues(), profile)),
    // Whether a photo is asked follows the user type and site chosen later: the passport's is kept
    // ready, and sent only when asked.
    wantsPhoto: !photo,
    setPhoto: (file) => {
      setPhoto(file);
      setPhotoError(undefined);
    },
    setPhotoError,
  });
  // Registered from a form the passport filled: the success page leads back to the passport.
  const fromPassport = useSearchText('comingFromPassport') === 'true' || filling === 'filled';

  const values = form.values;
  const type = info.user_types.find((x) => x.id === values.user_type_id) ?? null;
  const sites = sitesOfType(info, values.user_type_id);
  const site = sites.find((s) => s.id === values.site_id) ?? null;
  const flow = values.site_id
    ? flowOfSite(info, values.user_type_id, values.site_id)
    : (flowsOfType(info, values.user_type_id)[0] ?? null);
  const mandatory = type?.mandatory_profile_data ?? [];
  const photoAsked = Boolean(flow?.compliance_flags.is_image_required) || mandatory.includes('photo');
  const companyRequired = mandatory.includes('company_name');
  const host = flow?.host ?? null;
  // Only the sections the chosen user type asks for: switching the type switches them.
  const fields = fieldsOfType(info.custom_fields, values.user_type_id);

  const chooseType = (id: string | null) => {
    if (!id || id === values.user_type_id) return;
    form.setValues({ user_type_id: id, ...placeFor(info, id), host: null });
    form.clearErrors();
    setStop(null);
  };
  const chooseSite = (id: string | null) => {
    const next = sites.find((s) => s.id === id);
    form.setValues({ site_id: id ?? '', area_id: next?.areas.length === 1 ? next.areas[0]!.id : '', host: null });
    form.clearFieldError('site_id');
  };

  const showStop = (next: Stop) => {
    setStop(next);
    requestAnimationFrame(() => stopRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStop(null);
    setFailure(null);
    const issues = registrationIssues(
      linkId,
      values,
      fields,
      {
        timezone: info.timezone,
        hostRequired: Boolean(host?.asked && host.required),
        companyRequired,
        requiredFields: true,
      },
      t,
    );
    form.setErrors(issues);
    if (Object.keys(issues).length > 0) return;
    const contact = { email: values.email, phone_code: values.phone_code, phone: values.phone };
    setChecking(true);
    try {
      const user = await checkUser(linkId, { user_type_id: values.user_type_id, ...contact });
      if (!user.allowed) {
        showStop({
          kind: 'not_allowed',
          title: t('stop.not_allowed_title'),
          body: user.message ?? t('stop.not_allowed'),
        });
        return;
      }
      const visit = await checkVisit(linkId, {
        ...contact,
        area_id: values.area_id,
        visit_date: values.visit_date ?? '',
        visit_time: values.visit_time,
      });
      if (visit.visit_exists) {
        showStop({
          kind: 'visit_exists',
          title: visit.error_date?.title ?? t('stop.visit_exists_title'),
          body: visit.error_date?.body ?? '',
        });
        return;
      }
      const body = registrationBody(linkId, values, fields);
      const done = await create.mutateAsync(toFormData(body, photoAsked ? photo : null));
      saveVisitDone(done.pass_id, done);
      notifySuccess(done.message);
      // The visit's own pass page: the same address shows it again after a reload or on another device.
      await navigate({
        href: hrefFor(
          paths.preRegistrationSuccess,
          { id: done.pass_id },
          fromPassport ? { add_visitor: true, comingFromPassport: true } : { add_visitor: true },
        ),
      });
    } catch (error) {
      const refusal = readRefusal(error, t('errors.send_failed'));
      if (refusal.expired) return toExpired(refusal.expired);
      form.setErrors(refusal.fields);
      // A field far above the button (the date of a visit no permit allows) is shown, not left unseen.
      // Scrolled to, not focused: focusing the date would open its calendar over the message.
      if (Object.keys(refusal.fields).length > 0)
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            document.querySelector('[aria-invalid="true"]')?.scrollIntoView({ block: 'center' }),
          ),
        );
      if (refusal.photo) setPhotoError(refusal.photo);
      setFailure(refusal.message);
    } finally {
      setChecking(false);
    }
  };

  const typeOptions = info.user_types.map((x) => ({
    value: x.id,
    label: x.registration_available ? x.name : t('visit.type_unavailable', { name: x.name }),
    disabled: !x.registration_available,
  }));
  const unavailable = !type?.registration_available;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="pre-registration-form">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('register.title')}
          </Title>
          <Text c="dimmed">{t('register.intro', { company: info.company?.name ?? '' })}</Text>
        </Stack>

        {unavailable || info.message ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconBan size={20} />}
            title={t('register.unavailable_title')}
            data-testid="pre-registration-unavailable"
          >
            {info.message ?? t('register.unavailable')}
          </Alert>
        ) : null}

        {!unavailable && (
          <>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {t('register.visit_title')}
                </Title>
                {info.user_types.length > 1 ? (
                  <Select
                    label={t('visit.user_type')}
                    data={typeOptions}
                    value={values.user_type_id || null}
                    onChange={chooseType}
                    allowDeselect={false}
                    required
                    comboboxProps={{ withinPortal: true }}
                    error={form.errors.user_type_id}
                    data-testid="pre-registration-user-type"
                  />
                ) : (
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      {t('visit.registering_as')}
                    </Text>
                    <Badge variant="light" size="lg" radius="sm" tt="none" data-testid="pre-registration-type-name">
                      {type?.name}
                    </Badge>
                  </Group>
                )}
                {sites.length === 0 ? (
                  <Alert
                    color="orange"
                    variant="light"
                    icon={<IconAlertTriangle size={18} />}
                    data-testid="pre-registration-no-sites"
                  >
                    {t('register.no_sites')}
                  </Alert>
                ) : (
                  <>
                    {sites.length > 1 && (
                      <Select
                        label={t('visit.site')}
                        placeholder={t('visit.site_placeholder')}
                        data={sites.map((s) => ({ value: s.id, label: s.name }))}
                        value={values.site_id || null}
                        onChange={chooseSite}
                        required
                        comboboxProps={{ withinPortal: true }}
                        error={form.errors.site_id}
                        data-testid="pre-registration-site"
                      />
                    )}
                    {site && site.areas.length > 1 && (
                      <Select
                        label={t('visit.area')}
                        placeholder={t('visit.area_placeholder')}
                        data={site.areas.map((a) => ({ value: a.id, label: a.name }))}
                        required
                        comboboxProps={{ withinPortal: true }}
                        data-testid="pre-registration-area"
                        value={values.area_id || null}
                        onChange={(id: string | null) => form.setFieldValue('area_id', id ?? '')}
                        error={form.errors.area_id}
                      />
                    )}
                    {site && site.areas.length === 1 && sites.length === 1 && (
                      <Text size="sm" data-testid="pre-registration-place">
                        {t('visit.place', { site: site.name, area: site.areas[0]!.name })}
                      </Text>
                    )}
                    <VisitWhen
                      date={values.visit_date}
                      time={values.visit_time}
                      onDate={(date) => form.setFieldValue('visit_date', date)}
                      onTime={(time) => form.setFieldValue('visit_time', time)}
                      dateError={form.errors.visit_date as string | undefined}
                      timeError={form.errors.visit_time as string | undefined}
                      timezone={info.timezone}
                    />
                    {host?.asked && (
                      <>
                        <HostSelect
                          linkId={linkId}
                          flowId={values.site_id ? (flow?.flow_id ?? null) : null}
                          value={values.host}
                          onChange={(next) => form.setFieldValue('host', next)}
                          required={host.required}
                          note={values.site_id ? host.note : t('host.site_first')}
                          error={form.errors.host as string | undefined}
                        />
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
                      </>
                    )}
                  </>
                )}
              </Stack>
            </Paper>

            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {t('register.details_title')}
                </Title>
                <PassportFill shareUrl={passport.shareUrl} status={filling} />
                <VisitorFields form={form} companyRequired={companyRequired} />
                {photoAsked && (
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
              </Stack>
            </Paper>

            {fields.length > 0 && (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs">
                <Stack gap="md">
                  <Title order={2} size="h4">
                    {t('register.more_title')}
                  </Title>
                  <CustomFieldSections
                    fields={fields}
                    values={values.custom_fields}
                    onChange={(id, value) => form.setFieldValue(`custom_fields.${id}`, value)}
                    errors={form.errors}
                    enforceRequired
                  />
                </Stack>
              </Paper>
            )}

            {stop && (
              <Alert
                ref={stopRef}
                color={stop.kind === 'not_allowed' ? 'red' : 'orange'}
                variant="light"
                icon={stop.kind === 'not_allowed' ? <IconBan size={20} /> : <IconCalendarX size={20} />}
                title={stop.title}
                role="alert"
                data-testid={`pre-registration-${stop.kind.replace('_', '-')}`}
              >
                {stop.body}
              </Alert>
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
              leftSection={<IconSend size={18} />}
              loading={checking || create.isPending}
              disabled={sites.length === 0}
              data-testid="pre-registration-submit"
            >
              {t('register.submit')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
