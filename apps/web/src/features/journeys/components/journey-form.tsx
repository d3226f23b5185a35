import { Badge, Button, Group, MultiSelect, Stack, Switch, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOURNEY_LIMITS, journeyBodySchema, type Journey, type JourneyBodyInput } from '@app/shared/journeys/schemas';
import { showServerErrors, zodFormErrors } from '@/lib/form-errors';
import { useSiteOptions } from '../api/list-sites';
import { fieldLabelKey } from '../utils/flow-form';
import { LogoPicker, type LogoChange } from './logo-picker';
import { TouchModeSwitch } from './touch-mode-switch';

export type JourneyFormValues = Required<JourneyBodyInput>;

type JourneyFormProps = {
  /** The journey being changed; none when adding one. */
  journey?: Journey;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: JourneyFormValues, logo: LogoChange) => Promise<unknown>;
};

const initialValues = (journey?: Journey): JourneyFormValues => ({
  name: journey?.name ?? '',
  description: journey?.description ?? '',
  remote: journey?.remote ?? false,
  touch_mode: journey?.touch_mode ?? true,
  // Sites outside the caller's stay on the journey by themselves: the form holds the caller's own.
  site_ids: journey?.sites.filter((s) => !s.locked).map((s) => s.id) ?? [],
});

/** One form for adding and changing a journey, validated by the same schema as the server. */
export function JourneyForm({ journey, pending, submitLabel, onSubmit }: JourneyFormProps) {
  const { t } = useTranslation('journeys');
  const label = (key: string, vars?: Record<string, string | number>) => t(fieldLabelKey(key), vars);
  const sites = useSiteOptions();
  const [logo, setLogo] = useState<LogoChange>(null);
  const form = useForm<JourneyFormValues>({
    initialValues: initialValues(journey),
    validate: (values) => zodFormErrors(journeyBodySchema, values, label),
  });
  const locked = journey?.sites.filter((s) => s.locked) ?? [];

  const submit = form.onSubmit((values) => {
    onSubmit(values, logo).catch((error: unknown) => showServerErrors(form, error, 'name'));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          description={t('form.name_hint', { min: JOURNEY_LIMITS.nameMin })}
          required
          maxLength={JOURNEY_LIMITS.nameMax}
          data-autofocus
          data-testid="journey-name"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={JOURNEY_LIMITS.descriptionMax}
          data-testid="journey-description"
          {...form.getInputProps('description')}
        />
        <MultiSelect
          label={t('form.sites')}
          description={t('form.sites_hint')}
          placeholder={form.values.site_ids.length ? undefined : t('form.sites_placeholder')}
          data={(sites.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          searchable
          required={locked.length === 0}
          nothingFoundMessage={t('form.sites_none')}
          comboboxProps={{ withinPortal: true }}
          data-testid="journey-sites"
          {...form.getInputProps('site_ids')}
        />
        {locked.length > 0 && (
          <Group gap={6} data-testid="journey-locked-sites">
            <Text size="xs" c="dimmed">
              {t('form.locked_sites')}
            </Text>
            {locked.map((site) => (
              <Tooltip key={site.id} label={t('form.locked_site_hint')} withArrow>
                <Badge variant="outline" color="gray" leftSection={<IconLock size={12} />}>
                  {site.name}
                </Badge>
              </Tooltip>
            ))}
          </Group>
        )}
        <LogoPicker current={journey?.logo_url ?? null} name={form.values.name} change={logo} onChange={setLogo} />
        <Switch
          label={t('form.remote')}
          description={t('form.remote_hint')}
          data-testid="journey-remote"
          {...form.getInputProps('remote', { type: 'checkbox' })}
        />
        <TouchModeSwitch
          journeyId={journey?.id}
          checked={form.values.touch_mode}
          error={form.errors.touch_mode}
          onChange={(on) => {
            form.setFieldValue('touch_mode', on);
            form.clearFieldError('touch_mode');
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending} data-testid="journey-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
