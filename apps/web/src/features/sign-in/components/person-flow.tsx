import {
  Alert,
  Avatar,
  Badge,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconThermometer } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VISIT_LIMITS, type PersonPreview } from '@app/shared/visits/schemas';
import { CustomFieldInput } from '@/components/custom-fields/custom-field-input';
import { formatIsoDay, timeOfReading } from '@/lib/dates';
import {
  REASON_MIN,
  canSignIn,
  complianceState,
  dueNow,
  emptyComplianceDraft,
  healthOf,
  needsOverride,
  notesLength,
  type PersonDraft,
} from '@app/shared/visits/sign-in-form';
import { ComplianceField } from './compliance-field';
import { HostField } from './host-field';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider label={title} labelPosition="left" />
      {children}
    </Stack>
  );
}

/** °C to °F for the limit shown beside a Fahrenheit reading. */
const toFahrenheit = (celsius: number) => Math.round(((celsius * 9) / 5 + 32) * 10) / 10;

type PersonFlowProps = {
  person: PersonPreview;
  draft: PersonDraft;
  onChange: (draft: PersonDraft) => void;
  /** The message to show on a field (`<field>` as the server names it), or undefined. */
  errorOf: (field: string) => string | undefined;
  now: Date;
  timeZone: string;
  /** The form signs in: a person already signed in here is left out (a sign-out form shows only the reason). */
  mode: 'sign_in' | 'sign_out';
};

/** One person's part of the flow: who, what stops them, and what their journey asks now. */
export function PersonFlow({ person, draft, onChange, errorOf, now, timeZone, mode }: PersonFlowProps) {
  const { t } = useTranslation('sign-in');
  const set = (patch: Partial<PersonDraft>) => onChange({ ...draft, ...patch });
  const leftOut = mode === 'sign_in' ? !canSignIn(person) : person.blocker !== null;
  const due = dueNow(person);
  const valid = person.compliances.filter((c) => c.status === 'valid');
  const health = healthOf(person, draft);
  const temperatureIssue = health.issues.find((i) => i.field === 'temperature');
  const overheated =
    person.checks.temperature !== null &&
    health.temperatureC !== null &&
    health.temperatureC > person.checks.temperature.threshold_c;
  const override = needsOverride(person, draft);
  const reasons = person.reasons;
  const threshold = person.checks.temperature?.threshold_c ?? 0;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="flow-person"
      data-person={person.full_name ?? person.person_id}
      data-left-out={leftOut ? 'true' : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={person.photo_url} name={person.full_name ?? ''} color="initials" radius="xl" />
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate>
                {person.full_name ?? t('flow.unknown_person')}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[person.user_type?.name, person.journey?.name].filter(Boolean).join(' · ') || t('flow.no_journey')}
              </Text>
            </Stack>
          </Group>
          <Badge variant="light" tt="none" color={person.action === 'sign_out' ? 'orange' : 'blue'}>
            {t(`badge_label.${person.badge_label}`)}
          </Badge>
        </Group>

        {person.blocker ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="flow-blocker">
            {person.blocker.message}
          </Alert>
        ) : mode === 'sign_in' && person.action === 'sign_out' ? (
          <Alert color="gray" data-testid="flow-blocker">
            {t('flow.already_here')}
          </Alert>
        ) : null}

        {!leftOut && person.expected_visit && mode === 'sign_in' && (
          <Text size="xs" c="dimmed">
            {person.expected_visit.expected
              ? t('flow.expected_at', { time: timeOfReading(person.expected_visit.expected.local) })
              : t('flow.expected_today')}
          </Text>
        )}

        {!leftOut && mode === 'sign_in' && (
          <>
            {(due.length > 0 || valid.length > 0) && (
              <Section title={t('compliance.title')}>
                {due.map((c) => {
                  const cDraft = draft.compliances[c.id] ?? emptyComplianceDraft();
                  return (
                    <ComplianceField
                      key={c.id}
                      compliance={c}
                      draft={cDraft}
                      state={complianceState(c, cDraft, now, timeZone)}
                      onChange={(next) => set({ compliances: { ...draft.compliances, [c.id]: next } })}
                      error={errorOf(`compliances.${c.id}`)}
                    />
                  );
                })}
                {valid.map((c) => (
                  <Group key={c.id} gap={6} wrap="nowrap" data-testid="flow-compliance-valid">
                    <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
                    <Text size="sm">
                      {c.valid_until
                        ? t('compliance.valid_until', { name: c.asked.name, date: formatIsoDay(c.valid_until) })
                        : t('compliance.valid', { name: c.asked.name })}
                    </Text>
                  </Group>
                ))}
              </Section>
            )}

            {(person.checks.temperature || person.checks.mask) && (
              <Section title={t('checks.title')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {person.checks.temperature && (
                    <Stack gap={4}>
                      <Group gap="xs" align="flex-end" wrap="nowrap">
                        <TextInput
                          label={t('checks.temperature')}
                          leftSection={<IconThermometer size={16} />}
                          value={draft.temperature}
                          onChange={(event) => set({ temperature: event.currentTarget.value })}
                          inputMode="decimal"
                          maxLength={8}
                          style={{ flex: 1 }}
                          error={
                            errorOf('temperature') ??
                            (temperatureIssue ? t(`errors:${temperatureIssue.key}`) : undefined)
                          }
                          data-testid="flow-temperature"
                        />
                        <SegmentedControl
                          value={draft.unit}
                          onChange={(unit) => set({ unit: unit })}
                          data={[
                            { value: 'C', label: '°C' },
                            { value: 'F', label: '°F' },
                          ]}
                          mb={temperatureIssue || errorOf('temperature') ? 22 : 0}
                          data-testid="flow-temperature-unit"
                        />
                      </Group>
                      <Text size="xs" c={overheated ? 'orange.8' : 'dimmed'} data-testid="flow-temperature-hint">
                        {overheated
                          ? t('checks.over_limit', {
                              reading: health.temperatureC,
                              limit: threshold,
                            })
                          : draft.unit === 'F'
                            ? t('checks.limit_f', {
                                limit: threshold,
                                limit_f: toFahrenheit(threshold),
                                reading: health.temperatureC ?? '—',
                              })
                            : t('checks.limit', { limit: threshold })}
                      </Text>
                    </Stack>
                  )}
                  {person.checks.mask && (
                    <Switch
                      label={t('checks.mask')}
                      description={draft.mask ? undefined : t('checks.no_mask')}
                      checked={draft.mask}
                      onChange={(event) => set({ mask: event.currentTarget.checked })}
                      mt={person.checks.temperature ? 28 : 0}
                      data-testid="flow-mask"
                    />
                  )}
                </SimpleGrid>
                {override && (
                  <Textarea
                    label={t('checks.override_reason')}
                    description={t('checks.override_hint', {
                      count: notesLength(draft.overrideReason),
                      min: REASON_MIN,
                    })}
                    required
                    value={draft.overrideReason}
                    onChange={(event) => set({ overrideReason: event.currentTarget.value })}
                    maxLength={VISIT_LIMITS.overrideReasonMax}
                    autosize
                    minRows={2}
                    error={errorOf('override_reason')}
                    data-testid="flow-override-reason"
                  />
                )}
              </Section>
            )}

            {person.host && (
              <Section title={t('host.title')}>
                <HostField
                  host={person.host}
                  value={draft.hosts}
                  onChange={(hosts) => set({ hosts })}
                  message={draft.hostMessage}
                  onMessageChange={(hostMessage) => set({ hostMessage })}
                  error={errorOf('host_ids')}
                />
              </Section>
            )}
          </>
        )}

        {!leftOut && reasons.options.length > 0 && (
          <Section title={t(`reason.${reasons.type}`)}>
            <Select
              label={t(`reason.${reasons.type}_label`)}
              description={reasons.options.length > 1 ? t('reason.pick') : t('reason.preselected')}
              data={reasons.options.map((r) => ({
                value: r.id,
                label: r.attendance_code ? `${r.name} (${r.attendance_code})` : r.name,
              }))}
              value={draft.reasonId}
              onChange={(reasonId) => set({ reasonId })}
              required={reasons.options.length > 1}
              clearable={reasons.options.length > 1}
              error={errorOf('reason_id')}
              comboboxProps={{ withinPortal: true }}
              data-testid="flow-reason"
            />
          </Section>
        )}

        {!leftOut && mode === 'sign_in' && person.custom_fields.length > 0 && (
          <Section title={t('custom_fields.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {person.custom_fields.map((field) => (
                <CustomFieldInput
                  key={field.id}
                  field={field}
                  value={draft.customFields[field.id] ?? null}
                  onChange={(value) => set({ customFields: { ...draft.customFields, [field.id]: value } })}
                  error={errorOf(`custom_fields.${field.id}`)}
                  testId="flow-custom-field"
                />
              ))}
            </SimpleGrid>
          </Section>
        )}

        {errorOf('person_id') && (
          <Text size="sm" c="red.7" data-testid="flow-person-error">
            {errorOf('person_id')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
