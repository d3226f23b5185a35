import { Badge } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck, IconLock, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CapacityLevel } from '@app/shared/capacity/levels';
import { LEVEL_LOOK } from '../utils/occupancy';

const LEVEL_ICON: Record<CapacityLevel, Icon> = {
  low: IconCircleCheck,
  nearing: IconAlertTriangle,
  full: IconLock,
  over: IconAlertOctagon,
};

/** How full a place is, in its colour, its icon and its word. */
export function LevelBadge({ level, testId }: { level: CapacityLevel; testId: string }) {
  const { t } = useTranslation('capacity');
  const LevelIcon = LEVEL_ICON[level];
  return (
    <Badge
      variant="filled"
      color={LEVEL_LOOK[level].badge}
      autoContrast
      radius="sm"
      tt="none"
      leftSection={<LevelIcon size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
      data-testid={testId}
      data-level={level}
    >
      {t(`levels.${level}`)}
    </Badge>
  );
}
