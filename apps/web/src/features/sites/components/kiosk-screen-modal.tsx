import { Alert, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinishedKioskRequest, KIOSK_REQUEST_LIMITS, type KioskRequest } from '@app/shared/kiosks/requests';
import { api } from '@/lib/api-client';
import { endScreenShare, kioskRequestsKey, watchKioskScreen } from '../api/kiosk-requests';
import { useKioskScreen } from '../hooks/use-kiosk-screen';

export type KioskScreenState = { requestId: string; kioskId: string; kioskName: string } | null;

/**
 * A kiosk's shared screen (remote action "Show screen"): the kiosk sends a picture every two seconds
 * while this is open; closing it ends the share.
 */
export function KioskScreenModal({ state, onClose }: { state: KioskScreenState; onClose: () => void }) {
  const { t } = useTranslation('kiosks');
  const requestId = state?.requestId ?? null;
  const request = useQuery({
    queryKey: [...kioskRequestsKey(state?.kioskId ?? ''), 'one', requestId],
    queryFn: ({ signal }) => api.get<KioskRequest>(`/kiosks/requests/${requestId}`, { signal }),
    enabled: requestId !== null,
    // Often until the first picture is in, then only to see the share end.
    refetchInterval: (query) => (query.state.data?.has_screen ? 10_000 : KIOSK_REQUEST_LIMITS.screenIntervalMs),
  });
  const ended = request.data ? isFinishedKioskRequest(request.data.status) : false;
  const screen = useKioskScreen(requestId, !ended && !!request.data?.has_screen);

  // Opening says someone watches (again). The share ends when the window is closed, or the page left.
  useEffect(() => {
    if (!requestId) return;
    void watchKioskScreen(requestId, true).catch(() => undefined);
    const leave = () => endScreenShare(requestId, true);
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [requestId]);

  const close = () => {
    if (requestId && !ended) endScreenShare(requestId, false);
    onClose();
  };

  return (
    <Modal
      opened={state !== null}
      onClose={close}
      size="xl"
      title={state ? t('remote.screen.title', { name: state.kioskName }) : ''}
      data-testid="kiosk-screen-modal"
    >
      <Stack gap="sm">
        {screen.url ? (
          <Image
            src={screen.url}
            alt={t('remote.screen.alt', { name: state?.kioskName ?? '' })}
            fit="contain"
            mah="70vh"
            data-testid="kiosk-screen-image"
            data-sequence={screen.sequence}
          />
        ) : (
          !ended && (
            <Center py="xl">
              <Stack align="center" gap="xs">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">
                  {t('remote.screen.waiting')}
                </Text>
              </Stack>
            </Center>
          )
        )}
        {ended && request.data && (
          <Alert
            color={request.data.status === 'failed' ? 'red' : 'gray'}
            variant="light"
            data-testid="kiosk-screen-ended"
          >
            {request.data.error ?? t('remote.screen.ended')}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
