import { Alert, Badge, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import type { SiteTree } from '@app/shared/sites/schemas';
import { placeLabel } from '../utils/kiosk-areas';
import { doorsOfArea } from '../utils/kiosk-requests';
import { KioskRemoteActions } from './kiosk-remote-actions';
import { KioskRequestList } from './kiosk-request-list';
import { KioskScreenModal, type KioskScreenState } from './kiosk-screen-modal';

type KioskRemoteDrawerProps = {
  /** The kiosk as the list shows it now: its online flag and logging follow the list. */
  kiosk: Kiosk | null;
  tree: SiteTree;
  onClose: () => void;
};

/** A kiosk's remote actions and its requests (spec §7 "Kiosks"), from its row in the kiosks list. */
export function KioskRemoteDrawer({ kiosk, tree, onClose }: KioskRemoteDrawerProps) {
  const { t } = useTranslation('kiosks');
  const [screen, setScreen] = useState<KioskScreenState>(null);
  const watch = (request: { id: string }) =>
    kiosk && setScreen({ requestId: request.id, kioskId: kiosk.id, kioskName: kiosk.name });
  return (
    <>
      <Drawer
        opened={kiosk !== null}
        onClose={onClose}
        position="right"
        size="lg"
        title={kiosk ? t('remote.title', { name: kiosk.name }) : ''}
        data-testid="kiosk-remote-drawer"
      >
        {kiosk && (
          <Stack gap="lg">
            <Group gap="xs">
              <Badge variant="dot" color={kiosk.online ? 'teal' : 'gray'}>
                {kiosk.online ? t('status.online') : t('status.offline')}
              </Badge>
              <Text size="sm" c="dimmed" dir="auto">
                {placeLabel(kiosk.site_name, kiosk.area_name)}
              </Text>
            </Group>
            {!kiosk.online && (
              <Alert
                variant="light"
                color="yellow"
                icon={<IconPlugConnectedX size={18} />}
                data-testid="kiosk-remote-offline"
              >
                {t('remote.offline')}
              </Alert>
            )}
            <KioskRemoteActions kiosk={kiosk} doors={doorsOfArea(tree, kiosk.area_id)} onScreenShared={watch} />
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('remote.requests')}
              </Title>
              <KioskRequestList kioskId={kiosk.id} onViewScreen={watch} />
            </Stack>
          </Stack>
        )}
      </Drawer>
      <KioskScreenModal state={screen} onClose={() => setScreen(null)} />
    </>
  );
}
