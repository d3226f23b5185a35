import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createPairingBodySchema } from '@app/shared/kiosks/schemas';
import { zodFormErrors } from '@/lib/form-errors';
import type { KioskDevice } from '../utils/kiosk-storage';

type DeviceValues = { mac_address: string; app_version: string };

const toBody = (values: DeviceValues) => ({
  mac_address: values.mac_address,
  app_version: values.app_version.trim() || null,
});

type DeviceFormProps = {
  initial: { mac: string; version: string };
  /** The server's refusal of the last address sent. */
  error: string | null;
  onDevice: (device: KioskDevice) => void;
};

/** Without `?mac=` from the kiosk app, the tablet asks for its MAC address, checked like the server does. */
export function DeviceForm({ initial, error, onDevice }: DeviceFormProps) {
  const { t } = useTranslation('kiosk-register');
  const form = useForm<DeviceValues>({
    initialValues: { mac_address: initial.mac, app_version: initial.version },
    validate: (values) => zodFormErrors(createPairingBodySchema, toBody(values), t),
  });

  // An address passed by the kiosk app but not usable is shown with its reason at once.
  useEffect(() => {
    if (error) form.setFieldError('mac_address', error);
    else if (initial.mac) form.validate();
    // Only when the form opens or the server refuses again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const submit = form.onSubmit((values) => {
    const parsed = createPairingBodySchema.safeParse(toBody(values));
    if (parsed.success) onDevice({ mac: parsed.data.mac_address, version: parsed.data.app_version ?? null });
  });

  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
      <form onSubmit={submit} noValidate data-testid="kiosk-register-device-form">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {t('title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('device_form.description')}
            </Text>
          </Stack>
          <TextInput
            label={t('device_form.mac')}
            description={t('device_form.mac_hint')}
            placeholder="aa:bb:cc:dd:ee:ff"
            required
            size="md"
            maxLength={17}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            data-autofocus
            data-testid="kiosk-register-mac"
            {...form.getInputProps('mac_address')}
          />
          <TextInput
            label={t('device_form.version')}
            description={t('device_form.version_hint')}
            placeholder="3.1.0"
            size="md"
            maxLength={50}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            data-testid="kiosk-register-version"
            {...form.getInputProps('app_version')}
          />
          <Button type="submit" size="md" data-testid="kiosk-register-submit">
            {t('device_form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
