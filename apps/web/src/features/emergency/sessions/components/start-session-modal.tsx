import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle, IconUrgent } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EMERGENCY_LIMITS, startSessionSchema, type SessionDetail } from '@app/shared/emergency/schemas';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useAreasWithSession } from '../../api/get-areas-with-session';
import { useEmergencyPlaces } from '../../api/get-emergency-places';
import { useStartSession } from '../../api/start-session';
import { rollEstimate, startBody, startFormDefaults, suggestedName, type StartFormValues } from '../utils/start-form';

type StartSessionModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The session started: the page goes to it. */
  onStarted: (detail: SessionDetail) => void;
};

function StartSessionForm({ onClose, onStarted }: Omit<StartSessionModalProps, 'opened'>) {
  const { t } = useTranslation('emergency');
  const places = useEmergencyPlaces();
  const busy = useAreasWithSession();
  const start = useStartSession();
  // The suggested name follows the drill switch until the warden types one of their own.
  const named = useRef(false);
  const form = useForm<StartFormValues>({
    initialValues: startFormDefaults(suggestedName(t('start.name_emergency'), new Date())),
    validate: (values) => {
      const errors = zodFormErrors(startSessionSchema, startBody(values), t);
      if (values.scope === 'choose' && values.site_ids.length === 0 && values.area_ids.length === 0)
        errors.area_ids = t('start.choose_places');
      return errors;
    },
  });
  const values = form.getValues();

  const busyIds = useMemo(() => new Set((busy.data ?? []).map((a) => a.id)), [busy.data]);
  const siteOptions = (places.data?.sites ?? []).map((site) => ({ value: site.id, label: site.name }));
  const areaOptions = (places.data?.sites ?? [])
    .map((site) => ({
      group: site.name,
      items: site.areas.map((area) => ({
        value: area.id,
        label: busyIds.has(area.id) ? t('start.area_busy', { name: area.name }) : area.name,
        disabled: busyIds.has(area.id),
      })),
    }))
    .filter((group) => group.items.length > 0);
  const estimate = places.data ? rollEstimate(places.data, values, busyIds) : null;

  const submit = form.onSubmit((formValues) => {
    start.mutate(startBody(formValues), {
      onSuccess: (detail) => {
        notifySuccess(t('toasts.session_started'));
        onStarted(detail);
      },
      onError: (error) => {
        // Refusals that name no field (areas taken meanwhile, nothing to cover) belong to the places.
        if (error instanceof ApiError && Object.keys(error.fields).length === 0) {
          form.setFieldValue('scope', 'choose');
          form.setFieldError('area_ids', error.message);
          void busy.refetch();
          return;
        }
        showServerErrors(form, error, 'area_ids');
      },
    });
  });

  if (places.isPending) {
    return (
      <Stack gap="md">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={80} />
      </Stack>
    );
  }
  if (places.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {t('start.places_failed')}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="start-session-form">
      <Stack gap="md">
        <TextInput
          label={t('start.name')}
          required
          maxLength={EMERGENCY_LIMITS.nameMax}
          data-autofocus
          data-testid="start-session-name"
          {...form.getInputProps('name')}
          onChange={(event) => {
            named.current = true;
            form.setFieldValue('name', event.currentTarget.value);
          }}
        />
        <Switch
          label={t('start.drill')}
          description={t('start.drill_hint')}
          color="grape"
          data-testid="start-session-drill"
          {...form.getInputProps('is_drill', { type: 'checkbox' })}
          onChange={(event) => {
            const drill = event.currentTarget.checked;
            form.setFieldValue('is_drill', drill);
            if (!named.current)
              form.setFieldValue(
                'name',
                suggestedName(t(drill ? 'start.name_drill' : 'start.name_emergency'), new Date()),
              );
          }}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="start-session-scope-label">
            {t('start.scope')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="start-session-scope-label"
            data={[
              { value: 'everything', label: t('start.scope_everything') },
              { value: 'choose', label: t('start.scope_choose') },
            ]}
            data-testid="start-session-scope"
            {...form.getInputProps('scope')}
          />
        </Stack>
        {values.scope === 'choose' && (
          <>
            <MultiSelect
              label={t('start.sites')}
              description={t('start.sites_hint')}
              data={siteOptions}
              searchable
              clearable
              data-testid="start-session-sites"
              {...form.getInputProps('site_ids')}
              onChange={(ids) => {
                form.setFieldValue('site_ids', ids);
                // A site chosen answers "choose at least one site or area".
                if (ids.length > 0) form.clearFieldError('area_ids');
              }}
            />
            <MultiSelect
              label={t('start.areas')}
              data={areaOptions}
              searchable
              clearable
              data-testid="start-session-areas"
              {...form.getInputProps('area_ids')}
            />
          </>
        )}
        {values.scope === 'everything' && form.errors.area_ids && (
          <Text size="sm" c="red" role="alert">
            {form.errors.area_ids}
          </Text>
        )}
        <NumberInput
          label={t('start.highlight')}
          description={t('start.highlight_hint')}
          min={EMERGENCY_LIMITS.highlightMinutesMin}
          max={EMERGENCY_LIMITS.highlightMinutesMax}
          allowDecimal={false}
          allowNegative={false}
          required
          data-testid="start-session-highlight"
          {...form.getInputProps('highlight_after_minutes')}
        />
        {estimate && (
          <Alert
            variant="light"
            color={estimate.people > 0 ? 'indigo' : 'gray'}
            icon={<IconInfoCircle size={18} />}
            data-testid="start-session-estimate"
          >
            <Text size="sm">{t('start.estimate', { count: estimate.people, areas: estimate.areas })}</Text>
            {estimate.busy > 0 && (
              <Text size="sm" mt={4}>
                {t('start.estimate_busy', { count: estimate.busy })}
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={start.isPending}>
            {t('start.cancel')}
          </Button>
          <Button
            type="submit"
            color="red.8"
            leftSection={<IconUrgent size={18} />}
            loading={start.isPending}
            data-testid="start-session-submit"
          >
            {t('start.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Start session" (spec POST /start_emergency): a name, drill or not, the places, when to highlight. */
export function StartSessionModal({ opened, onClose, onStarted }: StartSessionModalProps) {
  const { t } = useTranslation('emergency');
  return (
    <Modal opened={opened} onClose={onClose} title={t('start.title')} size="lg" centered>
      {opened && <StartSessionForm onClose={onClose} onStarted={onStarted} />}
    </Modal>
  );
}
