import { Button, Divider, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KioskAction, KioskRequest, KioskRequestBody } from '@app/shared/kiosks/requests';
import type { Kiosk } from '@app/shared/kiosks/schemas';
import type { TreeDoor } from '@app/shared/sites/schemas';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useKioskAppVersions, usePlaceKioskRequest } from '../api/kiosk-requests';

type KioskRemoteActionsProps = {
  kiosk: Kiosk;
  doors: TreeDoor[];
  /** A screen share the kiosk took: its window opens. */
  onScreenShared: (request: KioskRequest) => void;
};

/** Actions that interrupt whoever is at the kiosk are confirmed first. */
const CONFIRMED: readonly KioskAction[] = ['push_restart', 'restart_app', 'update_app'];

function ActionRow({ action, note, children }: { action: KioskAction; note?: string; children: ReactNode }) {
  const { t } = useTranslation('kiosks');
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" data-testid={`kiosk-remote-${action}`}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {t(`remote.actions.${action}`)}
        </Text>
        <Text size="xs" c={note ? 'orange.8' : 'dimmed'} data-testid={note ? `kiosk-remote-${action}-note` : undefined}>
          {note ?? t(`remote.hints.${action}`)}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {children}
      </Group>
    </Group>
  );
}

/**
 * What an admin can ask a kiosk (spec §7 "Kiosks", decision 044). Each is a request the kiosk answers:
 * the toast says it was delivered, or why not (spec §8); the list below follows it to its end.
 */
export function KioskRemoteActions({ kiosk, doors, onScreenShared }: KioskRemoteActionsProps) {
  const { t } = useTranslation('kiosks');
  const place = usePlaceKioskRequest();
  const versions = useKioskAppVersions(true);
  const [doorId, setDoorId] = useState<string | null>(null);
  const [version, setVersion] = useState<string | null>(null);
  const asking = place.isPending ? place.variables.body.action : null;

  const send = (body: KioskRequestBody) =>
    place.mutate(
      { kioskId: kiosk.id, body },
      {
        onSuccess: (request) => {
          if (request.error) return notifyError(request.error);
          notifySuccess(t('remote.delivered'));
          if (request.action === 'remote_show_screen') onScreenShared(request);
        },
      },
    );
  const ask = (body: KioskRequestBody) => {
    if (!CONFIRMED.includes(body.action)) return send(body);
    modals.openConfirmModal({
      title: t(`remote.actions.${body.action}`),
      children: <Text size="sm">{t(`remote.confirm.${body.action}`, { name: kiosk.name })}</Text>,
      labels: { confirm: t(`remote.actions.${body.action}`), cancel: t('common:actions.cancel') },
      confirmProps: { 'data-testid': 'kiosk-remote-confirm' },
      onConfirm: () => send(body),
    });
  };
  const button = (action: KioskAction, body: KioskRequestBody, disabled = false) => (
    <Button
      size="compact-sm"
      variant="light"
      loading={asking === action}
      disabled={disabled || (asking !== null && asking !== action)}
      onClick={() => ask(body)}
      data-testid={`kiosk-remote-${action}-go`}
    >
      {t(`remote.go.${action}`)}
    </Button>
  );

  const versionList = versions.data?.data ?? [];
  const chosen = versionList.find((v) => v.version === version) ?? null;
  // The server refuses to open a door through a kiosk that drives no relay: say so before it is asked.
  const relayOff = kiosk.settings.door_relay === 0;
  const notes: Partial<Record<KioskAction, string>> = relayOff ? { open_door: t('remote.door_relay_off') } : {};
  const rows: [KioskAction, ReactNode][] = [
    [
      'open_door',
      <>
        {doors.length > 0 && !relayOff && (
          <Select
            size="xs"
            w={170}
            aria-label={t('remote.door')}
            placeholder={t('remote.door_relay')}
            data={doors.map((d) => ({ value: d.id, label: d.name }))}
            value={doorId}
            onChange={setDoorId}
            clearable
            data-testid="kiosk-remote-door"
          />
        )}
        {button('open_door', { action: 'open_door', door_id: doorId }, relayOff)}
      </>,
    ],
    ['restart_app', button('restart_app', { action: 'restart_app' })],
    ['push_restart', button('push_restart', { action: 'push_restart' })],
    ['remote_show_screen', button('remote_show_screen', { action: 'remote_show_screen' })],
    ['pull_database', button('pull_database', { action: 'pull_database' })],
    ['refresh_face_library', button('refresh_face_library', { action: 'refresh_face_library' })],
    [
      'kiosk_logging',
      <Switch
        checked={kiosk.logging}
        disabled={asking !== null}
        onChange={(e) => ask({ action: 'kiosk_logging', enabled: e.currentTarget.checked })}
        label={kiosk.logging ? t('remote.logging_on') : t('remote.logging_off')}
        labelPosition="left"
        data-testid="kiosk-remote-logging"
      />,
    ],
    [
      'update_app',
      <>
        <Select
          size="xs"
          w={170}
          aria-label={t('remote.version')}
          placeholder={versionList.length ? t('remote.version') : t('remote.no_versions')}
          data={versionList.map((v) => ({
            value: v.version,
            label: v.current ? t('remote.version_current', { version: v.version }) : v.version,
          }))}
          value={version}
          onChange={setVersion}
          disabled={versionList.length === 0}
          data-testid="kiosk-remote-version"
        />
        {button(
          'update_app',
          { action: 'update_app', version: chosen?.version ?? '', key: chosen?.key ?? '' },
          !chosen,
        )}
      </>,
    ],
  ];

  return (
    <Stack gap="sm" data-testid="kiosk-remote-actions">
      {rows.map(([action, control], i) => (
        <Fragment key={action}>
          {i > 0 && <Divider />}
          <ActionRow action={action} note={notes[action]}>
            {control}
          </ActionRow>
        </Fragment>
      ))}
    </Stack>
  );
}
