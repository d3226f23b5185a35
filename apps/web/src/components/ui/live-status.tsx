import { Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';
import type { LiveView } from '@/lib/live-view';
import classes from './live-status.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as HH:mm:ss, with its day (DD/MM/YYYY) when it is not today. */
function formatMoment(at: number): string {
  const date = new Date(at);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return date.toDateString() === new Date().toDateString() ? time : `${formatDate(date)} ${time}`;
}

/**
 * Whether a live view is live (lib/live-view.ts): "Live", or "Reconnecting…" with the time what it
 * shows was last current, so a dropped connection never leaves a stale view looking live.
 */
export function LiveStatus({ view, hint, testId = 'live-status' }: { view: LiveView; hint?: string; testId?: string }) {
  const { t } = useTranslation('common');
  const label = t(`live_status.${view.state}`);
  return (
    <Tooltip
      label={view.state === 'live' ? (hint ?? t('live_status.live_hint')) : t('live_status.away_hint')}
      multiline
      maw={280}
    >
      <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid={testId} data-state={view.state}>
        <span className={classes.dot} data-state={view.state} aria-hidden />
        <Text
          size="sm"
          fw={500}
          c={
            // Mantine's teal 8 and orange 8 are under 4.5:1 on the page's gray: the darkened light-surface text colours.
            view.state === 'live' ? 'var(--mantine-color-teal-light-color)' : 'var(--mantine-color-orange-light-color)'
          }
        >
          {label}
        </Text>
        {view.state !== 'live' && view.lastUpdatedAt !== null && (
          <Text size="sm" c="dimmed" data-testid={`${testId}-updated`}>
            {t('live_status.last_update', { time: formatMoment(view.lastUpdatedAt) })}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}
