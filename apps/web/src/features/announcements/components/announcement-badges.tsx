import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPin, IconVolume } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementState } from '@app/shared/announcements/schemas';

const STATE_COLOURS: Record<AnnouncementState, string> = { scheduled: 'yellow', active: 'teal', expired: 'gray' };

/** Scheduled, active or expired (spec §4). */
export function AnnouncementStateBadge({ state }: { state: AnnouncementState }) {
  const { t } = useTranslation('announcements');
  return (
    <Badge variant="light" color={STATE_COLOURS[state]} data-testid="announcement-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/** Urgent, pinned and verbal, each when set; a dash when none is. */
export function AnnouncementFlags({
  announcement,
}: {
  announcement: Pick<Announcement, 'urgent' | 'pinned' | 'verbal'>;
}) {
  const { t } = useTranslation('announcements');
  const flags = [
    announcement.urgent && { key: 'urgent', color: 'red', icon: IconAlertTriangle },
    announcement.pinned && { key: 'pinned', color: 'blue', icon: IconPin },
    announcement.verbal && { key: 'verbal', color: 'grape', icon: IconVolume },
  ].filter((flag) => flag !== false);
  if (flags.length === 0)
    return (
      <Text size="sm" c="dimmed" span>
        —
      </Text>
    );
  return (
    <Group gap={4}>
      {flags.map(({ key, color, icon: Icon }) => (
        <Badge
          key={key}
          variant="light"
          color={color}
          leftSection={<Icon size={12} />}
          data-testid={`announcement-flag-${key}`}
        >
          {t(`flags.${key}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** The user types an announcement is for, or everyone. */
export function AnnouncementTargets({ userTypes }: { userTypes: Announcement['user_types'] }) {
  const { t } = useTranslation('announcements');
  if (userTypes.length === 0)
    return (
      <Badge variant="outline" color="gray" data-testid="announcement-everyone">
        {t('everyone')}
      </Badge>
    );
  const [first, ...rest] = userTypes;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="indigo" maw={160}>
        {first!.name}
      </Badge>
      {rest.length > 0 && (
        <Tooltip label={rest.map((type) => type.name).join(', ')} withArrow multiline maw={260}>
          <Badge variant="light" color="gray">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
