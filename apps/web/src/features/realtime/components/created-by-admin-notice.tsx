import { Anchor, Stack, Text } from '@mantine/core';
import { IconBuildingPlus } from '@tabler/icons-react';
import i18next from 'i18next';
import type { ServerEventPayload } from '@app/shared/realtime/events';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { requestNotifications } from '@/lib/overlays';

type Created = ServerEventPayload<'updateWhenCreatedSiteOrUserType'>;

/**
 * "Created by another admin" (spec §6, §7): tells an owner which site or user type another admin
 * created, by its name and who created it, with a link to the list it is in.
 */
export function showCreatedByAdminNotice(created: Created): void {
  const t = i18next.t;
  const list = created.type === 'site' ? paths.sites : paths.userTypes;
  requestNotifications().then(
    ({ notifications }) =>
      notifications.show({
        id: `created-${created.id}`,
        color: 'indigo',
        icon: <IconBuildingPlus size={18} />,
        title: t(`events:created_by_admin.${created.type}_title`),
        autoClose: 10_000,
        message: (
          <Stack gap={4} data-testid="created-by-admin-notice" data-type={created.type}>
            <Text size="sm">
              {t(`events:created_by_admin.${created.type}_body`, {
                name: created.user_full_name ?? t('events:created_by_admin.someone'),
                resource: created.name,
                interpolation: { escapeValue: false },
              })}
            </Text>
            <Anchor
              size="sm"
              component="button"
              type="button"
              onClick={() => {
                notifications.hide(`created-${created.id}`);
                navigateTo(list);
              }}
            >
              {t('events:created_by_admin.open')}
            </Anchor>
          </Stack>
        ),
      }),
    () => undefined,
  );
}
