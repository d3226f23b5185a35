import {
  Alert,
  Box,
  Button,
  Checkbox,
  Drawer,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_KINDS,
  WEBHOOK_LIMITS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookKind,
} from '@app/shared/webhooks/schemas';
import { showServerErrors } from '@/lib/form-errors';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import {
  emptyEndpointValues,
  endpointBody,
  endpointFormErrors,
  endpointFormValues,
  endpointPatch,
  isPlainHttp,
  withKind,
  type EndpointFormValues,
} from '../utils/endpoint-form';
import { eventGroupsOf, kindEvents, selectionOf, withEvents, type WebhookEvent } from '../utils/webhook-events';
import { LtrText } from './ltr-text';

/** Adding an endpoint, or editing one. */
export type EndpointDrawerState = { mode: 'add' } | { mode: 'edit'; endpoint: WebhookEndpoint } | null;

/** A "select all" box over `among`: checked when every one is chosen, mixed when some are. */
function SelectAll({
  label,
  chosen,
  among,
  onChange,
  testId,
  bold,
}: {
  label: string;
  chosen: readonly WebhookEvent[];
  among: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  testId: string;
  bold?: boolean;
}) {
  const selection = selectionOf(chosen, among);
  return (
    <Checkbox
      label={label}
      checked={selection === 'all'}
      indeterminate={selection === 'some'}
      onChange={(event) => onChange(withEvents(chosen, among, event.currentTarget.checked))}
      styles={bold ? { label: { fontWeight: 600 } } : undefined}
      data-testid={testId}
    />
  );
}

/** The events as checkboxes in their groups (visits, expected visits, …), each group and all of them selectable at once. */
function EventsField({
  kind,
  value,
  onChange,
  error,
}: {
  kind: WebhookKind;
  value: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error: React.ReactNode;
}) {
  const { t } = useTranslation('webhooks');
  const all = kindEvents(kind);
  return (
    <Input.Wrapper
      label={t('form.events')}
      description={t('form.events_hint')}
      required
      error={error}
      // The group's name for the fields inside it; the label is not tied to one input.
      labelElement="div"
      id="webhook-events"
    >
      <Stack
        gap="sm"
        mt={8}
        role="group"
        aria-labelledby="webhook-events-label"
        aria-describedby={error ? 'webhook-events-error webhook-events-description' : 'webhook-events-description'}
      >
        <Group justify="space-between" gap="sm">
          <SelectAll
            label={t('form.select_all')}
            chosen={value}
            among={all}
            onChange={onChange}
            testId="webhook-form-select-all"
            bold
          />
          <Text size="sm" c="dimmed" data-testid="webhook-form-selected">
            {t('form.selected', { count: value.length, total: all.length })}
          </Text>
        </Group>
        {eventGroupsOf(kind).map((group) => (
          <Paper
            key={group.id}
            withBorder
            radius="md"
            p="sm"
            role="group"
            aria-label={t(`groups.${group.id}`)}
            data-testid="webhook-form-group"
            data-group={group.id}
          >
            <SelectAll
              label={t(`groups.${group.id}`)}
              chosen={value}
              among={group.events}
              onChange={onChange}
              testId={`webhook-form-group-${group.id}`}
              bold
            />
            <Stack gap="xs" mt="xs" ps="lg">
              {group.events.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  checked={value.includes(event)}
                  onChange={(change) => onChange(withEvents(value, [event], change.currentTarget.checked))}
                  label={t(`events.${event}.label`)}
                  description={
                    <Box component="span">
                      {t(`events.${event}.description`)}{' '}
                      <Box component="bdi" ff="monospace" dir="ltr">
                        {event}
                      </Box>
                    </Box>
                  }
                  data-testid="webhook-form-event"
                  data-event={event}
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}

function EndpointForm({
  endpoint,
  onCreated,
  onUpdated,
  onCancel,
}: {
  endpoint: WebhookEndpoint | null;
  onCreated: (created: WebhookEndpointWithSecret) => void;
  onUpdated: (updated: WebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const form = useForm<EndpointFormValues>({
    initialValues: endpoint ? endpointFormValues(endpoint) : emptyEndpointValues(),
    validate: (values) => endpointFormErrors(values, t),
  });

  const submit = form.onSubmit((values) => {
    const failed = (error: unknown) => showServerErrors(form, error, 'endpoint_url');
    if (endpoint)
      update.mutate({ id: endpoint.id, body: endpointPatch(values) }, { onSuccess: onUpdated, onError: failed });
    else create.mutate(endpointBody(values), { onSuccess: onCreated, onError: failed });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="webhook-form">
      <Stack gap="md">
        {!endpoint && (
          <Input.Wrapper
            label={t('form.kind')}
            description={t(`form.kind_hint.${form.values.endpoint_kind}`)}
            id="webhook-kind"
          >
            <SegmentedControl
              mt={6}
              fullWidth
              aria-labelledby="webhook-kind-label"
              data={WEBHOOK_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
              value={form.values.endpoint_kind}
              onChange={(kind) => form.setValues(withKind(form.values, kind))}
              data-testid="webhook-form-kind"
            />
          </Input.Wrapper>
        )}
        <TextInput
          label={t(form.values.endpoint_kind === 'standard' ? 'form.url' : 'form.chat_url')}
          description={t(
            form.values.endpoint_kind === 'standard'
              ? 'form.url_hint'
              : `form.chat_url_hint.${form.values.endpoint_kind}`,
          )}
          placeholder="https://"
          required
          type="url"
          dir="ltr"
          data-autofocus
          autoComplete="off"
          spellCheck={false}
          maxLength={WEBHOOK_LIMITS.urlMax + 100}
          data-testid="webhook-form-url"
          {...form.getInputProps('endpoint_url')}
        />
        {isPlainHttp(form.values.endpoint_url) && (
          <Alert color="yellow" variant="light" icon={<IconLockOpen size={18} />} data-testid="webhook-form-http">
            {t('form.http_warning')}
          </Alert>
        )}
        <TextInput
          label={t('form.description')}
          description={t('form.description_hint')}
          styles={{ input: { unicodeBidi: 'plaintext' } }}
          data-testid="webhook-form-description"
          {...form.getInputProps('description')}
        />
        <EventsField
          kind={form.values.endpoint_kind}
          value={form.values.events}
          onChange={(events) => form.setFieldValue('events', events)}
          error={form.errors.events}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={create.isPending || update.isPending}
            disabled={endpoint !== null && !form.isDirty()}
            data-testid="webhook-form-save"
          >
            {endpoint ? t('form.save') : t('form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The endpoint's form beside the list: a new one's secret is shown once it is saved (by the page). */
export function EndpointDrawer({
  state,
  onClose,
  onCreated,
  onUpdated,
}: {
  state: EndpointDrawerState;
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
  onUpdated: (updated: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation('webhooks');
  const endpoint = state?.mode === 'edit' ? state.endpoint : null;
  return (
    <Drawer
      opened={state !== null}
      onClose={onClose}
      // Beside the list, like the other drawers: Mantine puts it at the end of the line (the left in Arabic).
      position="right"
      size="lg"
      title={endpoint ? t('form.edit_title') : t('form.add_title')}
      data-testid="webhook-drawer"
    >
      {state && (
        <Stack gap="md">
          {endpoint && (
            <LtrText c="dimmed" mono>
              {endpoint.endpoint_url}
            </LtrText>
          )}
          <EndpointForm
            key={endpoint?.id ?? 'new'}
            endpoint={endpoint}
            onCancel={onClose}
            onCreated={onCreated}
            onUpdated={onUpdated}
          />
        </Stack>
      )}
    </Drawer>
  );
}
