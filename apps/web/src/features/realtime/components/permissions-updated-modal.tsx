import { Badge, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserShield } from '@tabler/icons-react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ServerEventPayload } from '@app/shared/realtime/events';
import { openEventModal } from '../utils/open-event-modal';
import { EventModalBody } from './event-modal-body';
import { roleName } from '@/lib/role-name';

const MODAL_ID = 'permissions-updated';

function NameList({ label, names }: { label: string; names: string[] }) {
  const { t } = useTranslation('events');
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {names.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('permissions_updated.none')}
        </Text>
      ) : (
        <Group gap={6}>
          {names.map((name) => (
            <Badge key={name} variant="light" color="indigo" tt="none">
              {name}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function PermissionsUpdatedBody({ payload }: { payload: ServerEventPayload<'pongUpdateUserRole'> }) {
  const { t } = useTranslation('events');
  return (
    <EventModalBody
      icon={IconUserShield}
      color="indigo"
      message={t('permissions_updated.body', { from: roleName(payload.oldRole, t), to: roleName(payload.newRole, t) })}
      onOkay={() => modals.close(MODAL_ID)}
    >
      <NameList label={t('permissions_updated.sites')} names={payload.siteNames} />
      <NameList label={t('permissions_updated.user_types')} names={payload.userTypeNames} />
    </EventModalBody>
  );
}

/** 'Permissions Updated' (spec §4): another admin changed this person's role. */
export function openPermissionsUpdatedModal(payload: ServerEventPayload<'pongUpdateUserRole'>): void {
  openEventModal(MODAL_ID, {
    title: i18next.t('events:permissions_updated.title'),
    children: <PermissionsUpdatedBody payload={payload} />,
  });
}
