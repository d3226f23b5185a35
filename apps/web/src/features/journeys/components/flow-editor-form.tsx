import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Chip,
  Group,
  List,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconAlertCircle,
  IconBell,
  IconCalendarTime,
  IconDoorEnter,
  IconFingerprint,
  IconMessageCircle,
  IconShieldCheck,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_LIMITS, INPUT_METHODS } from '@app/shared/journeys/flow-settings';
import {
  createFlowsBodySchema,
  updateFlowBodySchema,
  type Flow,
  type FlowHost,
  type Journey,
  type JourneyUserTypeOption,
} from '@app/shared/journeys/schemas';
import { hrefFor, paths } from '@/config/paths';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import {
  useComplianceOptions,
  useInputMethods,
  useJourneyAttendanceModes,
  type AttendanceModeOption,
} from '../api/flow-options';
import { useCreateFlows, useJourneyUserTypes, useUpdateFlow } from '../api/flows';
import {
  createBody,
  emptyFlowValues,
  fieldLabelKey,
  flowValues,
  toggleInput,
  updateBody,
  type FlowFormValues,
} from '../utils/flow-form';
import { FlowChecks } from './flow-checks';
import { FlowCompliances } from './flow-compliances';
import { FlowHostsPicker } from './flow-hosts-picker';
import { FlowSection } from './flow-section';
import { INPUT_ICONS } from './flow-summary';

type FlowEditorFormProps = {
  journey: Journey;
  /** The flow being changed; none when adding one. */
  flow?: Flow;
};

/** ISO weekdays 1 (Monday) … 7 in the language's short names, e.g. "Mon, Tue, Wed". */
function useWeekdays() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    return (day: number) => format.format(new Date(Date.UTC(2024, 0, day)));
  }, [i18n.language]);
}

function AttendanceModeLabel({ mode }: { mode: AttendanceModeOption }) {
  const weekday = useWeekdays();
  return (
    <Stack gap={0}>
      <Text size="sm">{mode.name}</Text>
      <Text size="xs" c="dimmed">
        <span dir="ltr">
          {mode.start_time}–{mode.end_time}
        </span>{' '}
        · {mode.days.map(weekday).join(', ')}
      </Text>
    </Stack>
  );
}

const WITHOUT_REGISTRATION = 'registration_not_required';

/**
 * The one flow editor (spec /add-flow, /add/journey/flow/:id, /update/journey/flow/:id): who goes
 * through the flow and every step they take. Saving returns to the journey (SPEC-NOTES).
 */
export function FlowEditorForm({ journey, flow }: FlowEditorFormProps) {
  const { t } = useTranslation('journeys');
  const label = (key: string, vars?: Record<string, string | number>) => t(fieldLabelKey(key), vars);
  const editing = Boolean(flow);
  const types = useJourneyUserTypes(journey.id, flow?.id);
  const inputMethods = useInputMethods();
  const compliances = useComplianceOptions(true);
  const modes = useJourneyAttendanceModes(journey.id);
  const create = useCreateFlows();
  const update = useUpdateFlow();
  const [hosts, setHosts] = useState<FlowHost[]>(flow?.hosts ?? []);
  const [submitted, setSubmitted] = useState(false);

  const typeOptions = types.data?.data ?? [];
  const typeById = new Map(typeOptions.map((o) => [o.id, o]));

  const form = useForm<FlowFormValues>({
    initialValues: flow ? flowValues(flow) : emptyFlowValues(),
    validate: (values) => {
      const errors = editing
        ? zodFormErrors(updateFlowBodySchema, updateBody(values), label)
        : zodFormErrors(createFlowsBodySchema, createBody(values), label);
      if (errors.user_type_id) errors.user_type_ids = errors.user_type_id;
      // Spec §5: only one 'registration not required' user type per journey; the server checks it too.
      const chosen = values.user_type_ids.map((id) => typeById.get(id)).filter((o) => o !== undefined);
      const without = chosen.filter((o) => o.registration_method === WITHOUT_REGISTRATION);
      if (without.length > 1) {
        errors.user_type_ids = t('errors:journey_one_registration_not_required', {
          user_types: without.map((o) => o.name).join(', '),
        });
      }
      if (!journey.touch_mode && values.inputs.length === 0) errors.inputs = t('errors:journey_inputs_required');
      return errors;
    },
  });
  const v = form.values;

  const saved = (journeyId: string) => {
    notifySuccess(editing ? t('editor.updated') : t('editor.created'));
    navigateTo(hrefFor(paths.updateJourney, { id: journeyId }));
  };

  const submit = form.onSubmit(
    (values) => {
      setSubmitted(true);
      const request = flow
        ? update.mutateAsync({ flowId: flow.id, body: updateBody(values) }).then(() => saved(journey.id))
        : create.mutateAsync({ journeyId: journey.id, body: createBody(values) }).then(() => saved(journey.id));
      request.catch((error: unknown) => {
        showServerErrors(form, error, 'user_type_ids');
        // The server names the edited flow's type `user_type_id`; the form shows it with the types.
        const own = form.errors.user_type_id;
        if (own) form.setFieldError('user_type_ids', own);
      });
    },
    () => setSubmitted(true),
  );

  const typeLabel = (o: JourneyUserTypeOption) =>
    o.blocked === 'in_journey'
      ? t('editor.type_in_journey', { name: o.name })
      : o.blocked === 'registration_not_required_taken'
        ? t('editor.type_without_registration_taken', { name: o.name })
        : o.name;
  const typeData = typeOptions.map((o) => ({ value: o.id, label: typeLabel(o), disabled: o.blocked !== null }));
  const errorMessages = [...new Set(Object.values(form.errors).filter((m): m is string => typeof m === 'string'))];
  const methods = inputMethods.data?.data ?? [...INPUT_METHODS];
  const complianceNames = new Map((flow?.compliances ?? []).map((c) => [c.id, { name: c.name, format: c.format }]));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FlowSection
          icon={<IconUsers size={18} />}
          title={t('editor.who_title')}
          description={t('editor.who_description')}
          testId="flow-section-who"
        >
          {editing ? (
            <Select
              label={t('editor.user_type')}
              data={typeData}
              allowDeselect={false}
              required
              value={v.user_type_ids[0] ?? null}
              onChange={(id) => {
                form.setFieldValue('user_type_ids', id ? [id] : []);
                form.clearFieldError('user_type_ids');
              }}
              error={form.errors.user_type_ids}
              comboboxProps={{ withinPortal: true }}
              data-testid="flow-user-types"
            />
          ) : (
            <MultiSelect
              label={t('editor.user_types')}
              placeholder={v.user_type_ids.length ? undefined : t('editor.user_types_placeholder')}
              data={typeData}
              required
              searchable
              value={v.user_type_ids}
              onChange={(ids) => {
                form.setFieldValue('user_type_ids', ids);
                form.clearFieldError('user_type_ids');
              }}
              error={form.errors.user_type_ids}
              comboboxProps={{ withinPortal: true }}
              nothingFoundMessage={t('editor.user_types_none')}
              data-testid="flow-user-types"
            />
          )}
          <Text size="xs" c="dimmed">
            {editing ? t('editor.one_type_hint') : t('editor.many_types_hint')} {t('editor.registration_rule')}
          </Text>
        </FlowSection>

        <FlowSection
          icon={<IconFingerprint size={18} />}
          title={t('editor.inputs_title')}
          description={journey.touch_mode ? t('editor.inputs_touch_on') : t('editor.inputs_touch_off')}
          error={form.errors.inputs}
          testId="flow-section-inputs"
        >
          <Group gap="sm">
            {methods.map((method) => {
              const MethodIcon = INPUT_ICONS[method];
              return (
                <Chip
                  key={method}
                  checked={v.inputs.includes(method)}
                  onChange={(on) => {
                    form.setFieldValue('inputs', toggleInput(v.inputs, method, on, methods));
                    form.clearFieldError('inputs');
                  }}
                  icon={<MethodIcon size={14} />}
                  data-testid={`flow-input-${method}`}
                >
                  {t(`inputs.${method}`)}
                </Chip>
              );
            })}
          </Group>
        </FlowSection>

        <FlowSection
          icon={<IconShieldCheck size={18} />}
          title={t('editor.checks_title')}
          description={t('editor.checks_description')}
          testId="flow-section-checks"
        >
          <FlowChecks form={form} />
        </FlowSection>

        <FlowSection
          icon={<IconUser size={18} />}
          title={t('editor.hosts_title')}
          description={v.checks.host ? t('editor.hosts_description') : t('editor.hosts_off')}
          testId="flow-section-hosts"
        >
          {v.checks.host && (
            <>
              <Textarea
                label={t('editor.host_note')}
                description={t('editor.host_note_hint')}
                autosize
                minRows={2}
                maxLength={FLOW_LIMITS.hostNoteMax}
                data-testid="flow-host-note"
                {...form.getInputProps('host_note')}
              />
              <FlowHostsPicker
                value={hosts}
                onChange={(next) => {
                  setHosts(next);
                  form.setFieldValue(
                    'host_ids',
                    next.map((h) => h.id),
                  );
                  form.clearFieldError('host_ids');
                }}
                error={form.errors.host_ids as string | undefined}
              />
              {v.checks.select_host_permitted && (
                <Text size="xs" c="dimmed">
                  {t('editor.hosts_only_listed')}
                </Text>
              )}
            </>
          )}
        </FlowSection>

        <FlowSection
          icon={<IconShieldCheck size={18} />}
          title={t('editor.compliances_title')}
          description={t('editor.compliances_description')}
          error={form.errors.compliances}
          testId="flow-section-compliances"
        >
          <FlowCompliances
            value={v.compliances}
            onChange={(next) => {
              form.setFieldValue('compliances', next);
              form.clearFieldError('compliances');
            }}
            options={compliances.data?.data}
            known={complianceNames}
            loadFailed={compliances.isError}
          />
        </FlowSection>

        <FlowSection
          icon={<IconCalendarTime size={18} />}
          title={t('editor.attendance_title')}
          description={t('editor.attendance_description')}
          error={form.errors.attendance_mode_ids}
          testId="flow-section-attendance"
        >
          {modes.data?.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('editor.attendance_none')}
            </Text>
          ) : (
            <Checkbox.Group
              value={v.attendance_mode_ids}
              onChange={(ids) => {
                form.setFieldValue('attendance_mode_ids', ids);
                form.clearFieldError('attendance_mode_ids');
              }}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {(modes.data?.data ?? []).map((mode) => (
                  <Checkbox
                    key={mode.id}
                    value={mode.id}
                    label={<AttendanceModeLabel mode={mode} />}
                    data-testid="flow-attendance-mode"
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        </FlowSection>

        <FlowSection
          icon={<IconMessageCircle size={18} />}
          title={t('editor.feedback_title')}
          description={t('editor.feedback_description')}
          testId="flow-section-feedback"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('editor.welcome_message')}
              placeholder={t('editor.welcome_placeholder')}
              maxLength={FLOW_LIMITS.messageMax}
              data-testid="flow-welcome"
              {...form.getInputProps('feedback.welcome_message')}
            />
            <TextInput
              label={t('editor.goodbye_message')}
              placeholder={t('editor.goodbye_placeholder')}
              maxLength={FLOW_LIMITS.messageMax}
              {...form.getInputProps('feedback.goodbye_message')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('editor.name_placeholder_hint')}
          </Text>
          <NumberInput
            label={t('editor.confirmation_seconds')}
            min={FLOW_LIMITS.confirmationSeconds.min}
            max={FLOW_LIMITS.confirmationSeconds.max}
            allowDecimal={false}
            allowNegative={false}
            maw={300}
            {...form.getInputProps('feedback.confirmation_seconds')}
          />
          <Switch
            label={t('editor.speak_messages')}
            description={t('editor.speak_messages_hint')}
            {...form.getInputProps('feedback.speak_messages', { type: 'checkbox' })}
          />
          <Switch
            label={t('editor.ask_rating')}
            description={t('editor.ask_rating_hint')}
            {...form.getInputProps('feedback.ask_rating', { type: 'checkbox' })}
          />
        </FlowSection>

        <FlowSection
          icon={<IconDoorEnter size={18} />}
          title={t('editor.output_title')}
          description={t('editor.output_description')}
          testId="flow-section-output"
        >
          <Switch
            label={t('editor.open_door')}
            description={t('editor.open_door_hint')}
            data-testid="flow-open-door"
            {...form.getInputProps('output.open_door', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label={t('editor.door_open_seconds')}
              min={FLOW_LIMITS.doorOpenSeconds.min}
              max={FLOW_LIMITS.doorOpenSeconds.max}
              allowDecimal={false}
              allowNegative={false}
              disabled={!v.output.open_door}
              {...form.getInputProps('output.door_open_seconds')}
            />
            <NumberInput
              label={t('editor.badge_copies')}
              description={v.checks.print_badge ? undefined : t('editor.badge_copies_off')}
              min={FLOW_LIMITS.badgeCopies.min}
              max={FLOW_LIMITS.badgeCopies.max}
              allowDecimal={false}
              allowNegative={false}
              disabled={!v.checks.print_badge}
              {...form.getInputProps('output.badge_copies')}
            />
          </SimpleGrid>
        </FlowSection>

        <FlowSection
          icon={<IconBell size={18} />}
          title={t('editor.notifications_title')}
          description={t('editor.notifications_description')}
          testId="flow-section-notifications"
        >
          <Switch
            label={t('editor.notify_host_on_arrival')}
            disabled={!v.checks.host}
            data-testid="flow-notify-host"
            {...form.getInputProps('notifications.notify_host_on_arrival', { type: 'checkbox' })}
          />
          <Switch
            label={t('editor.notify_host_on_departure')}
            disabled={!v.checks.host}
            {...form.getInputProps('notifications.notify_host_on_departure', { type: 'checkbox' })}
          />
          {!v.checks.host && (
            <Text size="xs" c="dimmed">
              {t('editor.notify_needs_host')}
            </Text>
          )}
          <Switch
            label={t('editor.notify_admins_on_failed_check')}
            description={t('editor.notify_admins_hint')}
            {...form.getInputProps('notifications.notify_admins_on_failed_check', { type: 'checkbox' })}
          />
          <TagsInput
            label={t('editor.extra_recipients')}
            description={t('editor.extra_recipients_hint', { max: FLOW_LIMITS.extraRecipientsMax })}
            placeholder={t('editor.extra_recipients_placeholder')}
            maxTags={FLOW_LIMITS.extraRecipientsMax}
            splitChars={[',', ' ', ';']}
            dir="ltr"
            data-testid="flow-extra-recipients"
            {...form.getInputProps('notifications.extra_recipients')}
          />
        </FlowSection>

        {submitted && errorMessages.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="flow-errors">
            <Text size="sm" fw={500} mb={4}>
              {t('editor.fix_errors')}
            </Text>
            <List size="sm">
              {errorMessages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="space-between">
          <Badge variant="light" color={journey.touch_mode ? 'teal' : 'gray'}>
            {journey.touch_mode ? t('table.touch_on') : t('table.touch_off')}
          </Badge>
          <Group>
            <Button component={Link} to={hrefFor(paths.updateJourney, { id: journey.id })} variant="default">
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} data-testid="flow-save">
              {editing ? t('editor.save') : t('editor.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
