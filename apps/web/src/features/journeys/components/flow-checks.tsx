import { Paper, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CHECK_GROUPS, type CheckSwitch } from '@app/shared/journeys/flow-settings';
import { parseTemperature } from '@app/shared/journeys/temperature';
import { checkAvailable, withCheck, type FlowFormValues } from '../utils/flow-form';

type Form = UseFormReturnType<FlowFormValues>;

/** The temperature threshold as typed, and how it is read (spec §4: an "f" or above 85 is Fahrenheit). */
function ThresholdInput({ form }: { form: Form }) {
  const { t } = useTranslation('journeys');
  const typed = form.values.checks.temperature_threshold;
  const parsed = parseTemperature(typed);
  const reading = !parsed
    ? t('checks.threshold_unreadable')
    : parsed.fahrenheit
      ? t('checks.threshold_fahrenheit', { celsius: parsed.celsius })
      : t('checks.threshold_celsius', { celsius: parsed.celsius });
  return (
    <TextInput
      label={t('checks.temperature_threshold')}
      placeholder="37.5"
      description={reading}
      maxLength={20}
      ms="xl"
      dir="ltr"
      data-testid="flow-temperature-threshold"
      {...form.getInputProps('checks.temperature_threshold')}
    />
  );
}

/** Spec "Check names", grouped: health, host, badge and what the screen shows. */
export function FlowChecks({ form }: { form: Form }) {
  const { t } = useTranslation('journeys');
  const checks = form.values.checks;

  const toggle = (name: CheckSwitch, on: boolean) => {
    form.setFieldValue('checks', withCheck(form.values.checks, name, on));
    form.clearFieldError(`checks.${name}`);
    if (name === 'host' && !on) {
      form.setFieldValue('notifications.notify_host_on_arrival', false);
      form.setFieldValue('notifications.notify_host_on_departure', false);
    }
  };

  const item = (name: CheckSwitch) => {
    const available = checkAvailable(checks, name);
    return (
      <Stack key={name} gap={6}>
        <Switch
          label={t(`checks.${name}`)}
          description={t(`checks.${name}_hint`)}
          checked={checks[name]}
          disabled={!available && !checks[name]}
          error={form.errors[`checks.${name}`]}
          onChange={(event) => toggle(name, event.currentTarget.checked)}
          data-testid={`flow-check-${name}`}
        />
        {name === 'temperature_check' && checks.temperature_check && <ThresholdInput form={form} />}
      </Stack>
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {(Object.keys(CHECK_GROUPS) as (keyof typeof CHECK_GROUPS)[]).map((group) => (
        <Paper key={group} withBorder radius="md" p="md" data-testid={`flow-checks-${group}`}>
          <Text fw={600} size="sm" mb="sm">
            {t(`checks.groups.${group}`)}
          </Text>
          <Stack gap="sm">{CHECK_GROUPS[group].map(item)}</Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
