import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarCheck,
  IconCopy,
  IconClockHour4,
  IconForms,
  IconLock,
  IconSettings,
  IconUserShield,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { buildMenu } from '@/components/layout/navigation';
import { useSession } from '@/lib/session';
import { AreaCard } from './area-card';

const ICONS: Record<string, Icon> = {
  user_types: IconUsersGroup,
  privacy_manager: IconLock,
  duplication_control_board: IconCopy,
  attendance_modes: IconClockHour4,
  custom_fields: IconForms,
  visit_permits: IconCalendarCheck,
  watchlist: IconUserShield,
};

/**
 * /settings (the side menu's Settings group opened as a page): each settings screen the person may
 * open, by the menu's own rules (permission, plan, package), with what it is for.
 */
export function SettingsOverview() {
  const { t } = useTranslation('pages');
  const session = useSession();
  if (!session) return null;
  const group = buildMenu(session, paths.settings).find((entry) => entry.kind === 'link' && entry.id === 'settings');
  const items = group?.kind === 'link' ? group.children : [];
  return (
    <Stack gap="lg" data-testid="settings-overview">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('settings_overview.title')}
        </Title>
        <Text c="dimmed">{t('settings_overview.intro')}</Text>
      </Stack>
      {items.length === 0 ? (
        <Text c="dimmed">{t('settings_overview.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((child) => (
            <AreaCard
              key={child.id}
              item={{ ...child, icon: ICONS[child.id] ?? IconSettings }}
              description={t(`settings_overview.areas.${child.id}`)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
