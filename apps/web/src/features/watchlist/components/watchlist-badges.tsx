import { Badge } from '@mantine/core';
import {
  IconBan,
  IconBellRinging,
  IconCheck,
  IconClockHour4,
  IconEye,
  IconUserX,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ScreeningOutcome, WatchlistLevel } from '@app/shared/watchlist/schemas';

// Each level and outcome has its colour, its icon and its word: colour is never the only sign.

const LEVELS: Record<WatchlistLevel, { color: string; icon: Icon }> = {
  deny: { color: 'red.9', icon: IconBan },
  review: { color: 'yellow.5', icon: IconEye },
  notify: { color: 'blue.8', icon: IconBellRinging },
};

/** A watchlist level: deny in red, review in amber, notify in blue, each with its word. */
export function LevelBadge({ level }: { level: WatchlistLevel }) {
  const { t } = useTranslation('watchlist');
  const { color, icon: LevelIcon } = LEVELS[level];
  return (
    <Badge
      variant="filled"
      color={color}
      autoContrast
      radius="sm"
      tt="none"
      leftSection={<LevelIcon size={12} aria-hidden />}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="watchlist-level"
      data-level={level}
    >
      {t(`levels.${level}`)}
    </Badge>
  );
}

// Light chips with their text in the colour's darkest shade (WCAG AA on the tinted ground); the one
// waiting for someone in amber, like the review level.
const OUTCOMES: Record<ScreeningOutcome, { color: string; text?: string; icon: Icon }> = {
  refused: { color: 'red', text: 'red.9', icon: IconBan },
  pending: { color: 'yellow.5', icon: IconClockHour4 },
  approved: { color: 'teal', text: 'teal.9', icon: IconCheck },
  rejected: { color: 'grape', text: 'grape.9', icon: IconX },
  notified: { color: 'blue', text: 'blue.9', icon: IconBellRinging },
  not_a_match: { color: 'gray', text: 'gray.8', icon: IconUserX },
};

/** What came of a screening, in its words. */
export function OutcomeBadge({ outcome }: { outcome: ScreeningOutcome }) {
  const { t } = useTranslation('watchlist');
  const { color, text, icon: OutcomeIcon } = OUTCOMES[outcome];
  return (
    <Badge
      variant={text ? 'light' : 'filled'}
      color={color}
      c={text}
      autoContrast={!text}
      radius="sm"
      tt="none"
      leftSection={<OutcomeIcon size={12} aria-hidden />}
      h="auto"
      py={2}
      style={{ maxWidth: '100%' }}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
      data-testid="screening-outcome"
      data-outcome={outcome}
    >
      {t(`outcomes.${outcome}`)}
    </Badge>
  );
}
