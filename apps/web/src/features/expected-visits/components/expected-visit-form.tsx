import {
  Alert,
  Button,
  Grid,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuilding, IconCalendarEvent, IconClock, IconMapPin, IconUserCheck } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpectedVisitOptions } from '@app/shared/expected-visits/form-options';
import {
  EXPECTED_VISIT_LIMITS,
  type ExpectedVisitBody,
  type ValidateExpectedVisitBody,
} from '@app/shared/expected-visits/schemas';
import { toLocalDateTime } from '@app/shared/announcements/times';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { PhoneField } from '@/components/ui/phone-field';
import { ApiError } from '@/lib/api-client';
import { DATE_INPUT_FORMAT, FIRST_DAY_OF_WEEK, parseTypedDate } from '@/lib/dates';
import { TimeField } from '@/components/ui/time-field';
import { useHostSettings } from '../api/get-host-settings';
import { useExpectedVisitCheck } from '../api/validate-expected-visit';
import {
  formFieldOf,
  liveCheckOf,
  toExpectedVisitBody,
  validateExpectedVisitForm,
  type ExpectedVisitFormValues,
  type PersonChoice,
} from '../utils/expected-visit-form';
import { formatClockReading } from '../utils/expected-visits-query';
import { HostPicker } from './host-picker';
import { VisitorSelect } from './visitor-select';

type ExpectedVisitFormProps = {
  initial: ExpectedVisitFormValues;
  /** The visit being changed; null when adding one. */
  visitId: string | null;
  options: ExpectedVisitOptions;
  pending: boolean;
  submitLabel: string;
  onSubmit: (body: ExpectedVisitBody) => Promise<unknown>;
  onCancel?: () => void;
  /** data-testid of the form element; the fields' ids are the same in every form. */
  testId: string;
};

const LIVE_CHECK_DELAY_MS = 400;

/**
 * One form for adding and changing an expected visit (spec /add-expected-visitors): who comes (a new
 * visitor or a known person), where (site → area), when (company clock, not before now), as which user
 * type and to see whom. Checked by the server's own rules as the person types and on saving.
 */
export function ExpectedVisitForm(props: ExpectedVisitFormProps) {
  const { initial, visitId, options, pending } = props;
  const { t } = useTranslation('expected-visits');
  const timezone = options.timezone;
  const form = useForm<ExpectedVisitFormValues>({
    initialValues: initial,
    // A date and its time make one moment: changing either clears the message about the other.
    onValuesChange: (values, previous) => {
      if (values.visit_date !== previous.visit_date) form.clearFieldError('visit_time');
      if (values.visit_time !== previous.visit_time) form.clearFieldError('visit_date');
    },
    validate: (values) =>
      validateExpectedVisitForm(
        values,
        { timeZone: timezone, now: new Date(), initial: visitId ? initial : undefined },
        t,
      ),
  });
  const values = form.values;

  // Debounced as text: a new object each render would never settle.
  const [checkKey] = useDebouncedValue(JSON.stringify(liveCheckOf(values, visitId)), LIVE_CHECK_DELAY_MS);
  const live = useExpectedVisitCheck(
    useMemo(() => JSON.parse(checkKey) as ValidateExpectedVisitBody | null, [checkKey]),
  );
  const hostSettings = useHostSettings(values.user_type_id, values.site_id);
  const hostsRequired = hostSettings.data?.required ?? false;

  // The live check speaks of the chosen person, or of a typed email or phone that is someone else's.
  const liveFields = live.data?.fields ?? {};
  const liveError = (field: string): string | undefined => {
    const names = Object.keys(liveFields).filter((name) => formFieldOf(name) === field);
    if (values.mode === 'new' && !['email', 'phone'].includes(field)) return undefined;
    return names.length ? names.flatMap((name) => liveFields[name] ?? []).join(' ') : undefined;
  };
  const errorOf = (field: string): ReactNode => form.errors[field] ?? liveError(field);
  const foundPerson = values.mode === 'new' ? (live.data?.person ?? null) : null;

  const site = options.sites.find((s) => s.id === values.site_id) ?? null;
  const personTypes = values.mode === 'existing' ? values.person?.user_types : null;
  const userTypes = personTypes
    ? options.user_types.filter((type) => personTypes.some((p) => p.id === type.id))
    : options.user_types;
  const userType = options.user_types.find((type) => type.id === values.user_type_id) ?? null;
  const companyRequired = values.mode === 'new' && !!userType?.mandatory_profile_data.includes('company_name');
  const today = toLocalDateTime(new Date(), timezone).slice(0, 10);

  const choosePerson = (person: PersonChoice | null) => {
    form.setFieldValue('person', person);
    form.clearFieldError('person');
    // The visit is for one of the person's user types: keep the chosen one if it is theirs.
    const types = person?.user_types;
    if (types && !types.some((type) => type.id === values.user_type_id)) {
      const offered = options.user_types.filter((type) => types.some((p) => p.id === type.id));
      form.setFieldValue('user_type_id', offered.length === 1 ? offered[0]!.id : null);
    }
  };

  const chooseSite = (siteId: string | null) => {
    const areas = options.sites.find((s) => s.id === siteId)?.areas ?? [];
    form.setFieldValue('site_id', siteId);
    form.setFieldValue('area_id', areas.length === 1 ? areas[0]!.id : null);
    form.clearFieldError('site_id');
    form.clearFieldError('area_id');
  };

  const submit = form.onSubmit((submitted) => {
    props.onSubmit(toExpectedVisitBody(submitted)).catch((error: unknown) => {
      // The message was already shown as a toast (spec §8); it also goes on the field it is about.
      if (!(error instanceof ApiError)) return;
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([name, messages]) => [formFieldOf(name), messages.join(' ')]),
      );
      if (Object.keys(fields).length > 0) form.setErrors(fields);
    });
  });

  const text = (field: keyof ExpectedVisitFormValues, max: number, extra: Record<string, unknown> = {}) => ({
    ...form.getInputProps(field),
    error: errorOf(field),
    maxLength: max,
    'data-testid': `expected-visit-${field.replaceAll('_', '-')}`,
    ...extra,
  });

  return (
    <form onSubmit={submit} noValidate data-testid={props.testId}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
          <Stack gap="sm">
            <Title order={4}>{t('form.visitor_title')}</Title>
            <SegmentedControl
              fullWidth
              value={values.mode}
              onChange={(mode) => form.setFieldValue('mode', mode === 'existing' ? 'existing' : 'new')}
              data={[
                { value: 'new', label: t('form.mode_new') },
                { value: 'existing', label: t('form.mode_existing') },
              ]}
              data-testid="expected-visit-mode"
            />
            {values.mode === 'existing' ? (
              <VisitorSelect
                value={values.person}
                onChange={choosePerson}
                error={errorOf('person')}
                testId="expected-visit-person"
              />
            ) : (
              <>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, xs: 6 }}>
                    <TextInput
                      label={t('form.first_name')}
                      required
                      autoComplete="off"
                      {...text('first_name', PERSON_LIMITS.nameMax)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, xs: 6 }}>
                    <TextInput
                      label={t('form.last_name')}
                      required
                      autoComplete="off"
                      {...text('last_name', PERSON_LIMITS.nameMax)}
                    />
                  </Grid.Col>
                </Grid>
                <TextInput
                  label={t('form.company_name')}
                  required={companyRequired}
                  leftSection={<IconBuilding size={16} />}
                  {...text('company_name', PERSON_LIMITS.companyNameMax)}
                />
                <TextInput
                  label={t('form.email')}
                  description={t('form.email_description')}
                  type="email"
                  dir="ltr"
                  required
                  autoComplete="off"
                  {...text('email', PERSON_LIMITS.emailMax)}
                />
                <PhoneField
                  code={values.phone_code}
                  phone={values.phone}
                  onCode={(code) => form.setFieldValue('phone_code', code)}
                  onPhone={(phone) => form.setFieldValue('phone', phone)}
                  codeError={errorOf('phone_code')}
                  phoneError={errorOf('phone')}
                  required
                  texts={{
                    code: t('form.phone_code'),
                    codePlaceholder: t('form.phone_code_placeholder'),
                    phone: t('form.phone'),
                    phonePlaceholder: t('form.phone_placeholder'),
                    nothingFound: t('form.nothing_found'),
                  }}
                  codeTestId="expected-visit-phone-code"
                  phoneTestId="expected-visit-phone"
                />
                {foundPerson && (
                  <Alert
                    color="blue"
                    variant="light"
                    icon={<IconUserCheck size={18} />}
                    title={t('form.found_title', { name: foundPerson.full_name })}
                    data-testid="expected-visit-found"
                  >
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">{t('form.found_body')}</Text>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => {
                          form.setFieldValue('mode', 'existing');
                          choosePerson({
                            id: foundPerson.id,
                            full_name: foundPerson.full_name,
                            email: foundPerson.email,
                            user_types: foundPerson.user_types,
                          });
                        }}
                        data-testid="expected-visit-use-found"
                      >
                        {t('form.use_found')}
                      </Button>
                    </Stack>
                  </Alert>
                )}
              </>
            )}
          </Stack>

          <Stack gap="sm">
            <Title order={4}>{t('form.visit_title')}</Title>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <Select
                  label={t('form.site')}
                  placeholder={t('form.site_placeholder')}
                  leftSection={<IconMapPin size={16} />}
                  data={options.sites.map((s) => ({ value: s.id, label: s.name }))}
                  value={values.site_id}
                  onChange={chooseSite}
                  searchable
                  required
                  nothingFoundMessage={t('form.nothing_found')}
                  comboboxProps={{ withinPortal: true }}
                  error={errorOf('site_id')}
                  data-testid="expected-visit-site"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <Select
                  label={t('form.area')}
                  placeholder={site ? t('form.area_placeholder') : t('form.area_choose_site')}
                  data={(site?.areas ?? []).map((a) => ({ value: a.id, label: a.name }))}
                  disabled={!site}
                  searchable
                  required
                  nothingFoundMessage={t('form.nothing_found')}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('area_id')}
                  error={errorOf('area_id')}
                  data-testid="expected-visit-area"
                />
              </Grid.Col>
            </Grid>
            <Select
              label={t('form.user_type')}
              placeholder={t('form.user_type_placeholder')}
              description={
                userType
                  ? t(`registration_methods.${userType.registration_method}`)
                  : personTypes
                    ? t(personTypes.length ? 'form.user_type_person_hint' : 'form.user_type_person_none')
                    : undefined
              }
              data={userTypes.map((type) => ({ value: type.id, label: type.name }))}
              searchable
              required
              nothingFoundMessage={t('form.nothing_found')}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('user_type_id')}
              error={errorOf('user_type_id')}
              data-testid="expected-visit-user-type"
            />
            <Stack gap={6}>
              <Group gap="xs" grow align="flex-start" wrap="nowrap">
                <DateInput
                  label={t('form.date')}
                  required
                  valueFormat={DATE_INPUT_FORMAT}
                  dateParser={parseTypedDate}
                  placeholder={DATE_INPUT_FORMAT}
                  firstDayOfWeek={FIRST_DAY_OF_WEEK}
                  leftSection={<IconCalendarEvent size={16} />}
                  // Past days cannot be picked, but a typed one stays as typed and is refused with a
                  // message (minDate would keep the previous day without a word).
                  excludeDate={visitId ? undefined : (day) => day < today}
                  {...form.getInputProps('visit_date')}
                  error={errorOf('visit_date')}
                  data-testid="expected-visit-date"
                />
                <TimeField
                  label={t('form.time')}
                  required
                  format="24h"
                  withDropdown
                  leftSection={<IconClock size={16} />}
                  dir="ltr"
                  hoursInputProps={{ 'data-testid': 'expected-visit-time-hours' }}
                  minutesInputProps={{ 'data-testid': 'expected-visit-time-minutes' }}
                  {...form.getInputProps('visit_time')}
                  error={errorOf('visit_time')}
                  data-testid="expected-visit-time"
                />
              </Group>
              <Text size="xs" c="dimmed" data-testid="expected-visit-clock">
                {t('form.clock_hint', {
                  timezone,
                  now: `\u2066${formatClockReading(toLocalDateTime(new Date(), timezone))}\u2069`,
                })}
              </Text>
            </Stack>
            <HostPicker
              value={values.hosts}
              onChange={(hosts) => {
                form.setFieldValue('hosts', hosts);
                form.clearFieldError('hosts');
              }}
              userTypeId={values.user_type_id}
              siteId={values.site_id}
              required={hostsRequired}
              note={hostSettings.data?.note ?? ''}
              error={errorOf('hosts')}
              testId="expected-visit-hosts"
            />
            <Textarea
              label={t('form.notes')}
              description={t('form.notes_description', { max: EXPECTED_VISIT_LIMITS.notesMax })}
              autosize
              minRows={1}
              maxRows={3}
              {...text('notes', EXPECTED_VISIT_LIMITS.notesMax)}
            />
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel} data-testid="expected-visit-cancel">
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending} data-testid="expected-visit-save">
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
