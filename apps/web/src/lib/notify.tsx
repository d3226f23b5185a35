// Toasts and alerts for results and failures, so every screen reports them the same way.
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { NotificationData } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { requestModals, requestNotifications, type ModalsModule } from './overlays';

/** Shows a toast; the toasts load with the first one (lib/overlays.ts), and one that cannot load is not shown. */
export function showToast(toast: NotificationData): void {
  requestNotifications().then(
    (module) => module.notifications.show(toast),
    () => undefined,
  );
}

export function notifySuccess(message: string): void {
  showToast({ color: 'teal', icon: <IconCheck size={18} />, message });
}

export function notifyError(message: string): void {
  showToast({
    color: 'red',
    icon: <IconX size={18} />,
    message: (
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </Text>
    ),
    autoClose: 6000,
  });
}

const SERVER_ERROR_MODAL = 'server-error';
let serverErrorShown = false;

function ServerErrorBody({ modals }: { modals: ModalsModule['modals'] }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon color="red" variant="light" size={42} radius="xl">
          <IconAlertTriangle size={24} />
        </ThemeIcon>
        <Text size="sm">{t('errors.server_body')}</Text>
      </Group>
      <Group justify="flex-end">
        <Button onClick={() => modals.close(SERVER_ERROR_MODAL)} data-testid="server-error-ok">
          {t('actions.okay')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec §8: a 500 or 502 asks the person to contact the administration; one alert at a time. */
export function alertServerError(): void {
  if (serverErrorShown) return;
  serverErrorShown = true;
  // A public page loads the modals with this first one (lib/overlays.ts).
  requestModals().then(
    ({ modals }) => openServerErrorModal(modals),
    () => {
      serverErrorShown = false;
    },
  );
}

function openServerErrorModal(modals: ModalsModule['modals']): void {
  modals.open({
    modalId: SERVER_ERROR_MODAL,
    title: i18next.t('common:errors.server_title'),
    children: <ServerErrorBody modals={modals} />,
    centered: true,
    onClose: () => {
      serverErrorShown = false;
    },
  });
}
