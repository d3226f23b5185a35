import { Badge, Group } from '@mantine/core';
import { IconCalendarUser, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlaceLimits } from '../utils/place-limits';

/** A place's limits in short ("Capacity 40", "50 visitors a day"); nothing when it has none. */
export function PlaceLimitBadges({ place, size = 'xs' }: { place: PlaceLimits; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('sites');
  const badges = [
    place.capacity !== null && {
      testId: 'place-capacity',
      color: 'cyan.9',
      Icon: IconUsersGroup,
      text: t('limits.capacity_badge', { limit: place.capacity }),
    },
    place.daily_visitor_limit !== null && {
      testId: 'place-daily-limit',
      color: 'violet.9',
      Icon: IconCalendarUser,
      text: t('limits.daily_badge', { count: place.daily_visitor_limit }),
    },
  ].filter((b) => b !== false);
  if (badges.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="place-limits">
      {badges.map(({ testId, color, Icon, text }) => (
        <Badge
          key={testId}
          size={size}
          variant="outline"
          color={color}
          tt="none"
          leftSection={<Icon size={11} aria-hidden />}
          data-testid={testId}
        >
          {text}
        </Badge>
      ))}
    </Group>
  );
}
