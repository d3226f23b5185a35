import { Avatar, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconClockUp, IconDoorExit, IconQuestionMark } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmergencyStatus } from '@app/shared/emergency/schemas';
import { timeOfReading } from '@/lib/dates';
import type { ShownEntry } from '../utils/roll';
import classes from './session.module.css';

const STATUS_LOOK: Record<EmergencyStatus, { color: string; icon: typeof IconCheck }> = {
  // Shades whose white text keeps 4.5:1 contrast.
  present: { color: 'teal.9', icon: IconCheck },
  not_present: { color: 'red.9', icon: IconQuestionMark },
  out: { color: 'gray.7', icon: IconDoorExit },
};

/** The order the buttons read in: the usual answer at the muster point first. */
const BUTTON_ORDER: readonly EmergencyStatus[] = ['present', 'not_present', 'out'];

/** How the entry got its status, and when: "Marked by Ana at 10:42", "Signed out at 10:40". */
function useHowMarked(entry: ShownEntry): string {
  const { t } = useTranslation('emergency');
  const time = timeOfReading(entry.marked_at.local);
  if (entry.source === 'start')
    return t('session_page.how.start', { time: entry.signed_in ? timeOfReading(entry.signed_in.local) : time });
  if (entry.marked_by) return t(`session_page.how.${entry.source}_by`, { name: entry.marked_by, time });
  return t(`session_page.how.${entry.source}`, { time });
}

type RowProps = {
  entry: ShownEntry;
  overdue: boolean;
  highlightMinutes: number;
  disabled: boolean;
  onMark: (rollId: string, status: EmergencyStatus) => void;
};

/** One person on the roll: who, where from, how they were last marked, and the three status buttons. */
export const RollRow = memo(function RollRow({ entry, overdue, highlightMinutes, disabled, onMark }: RowProps) {
  const { t } = useTranslation('emergency');
  const how = useHowMarked(entry);
  const about = [entry.company_name, entry.user_type?.name].filter(Boolean).join(' · ');
  return (
    <Box
      className={classes.row}
      data-testid="roll-row"
      data-name={entry.full_name}
      data-status={entry.status}
      data-waiting={entry.waiting || undefined}
      data-overdue={overdue || undefined}
    >
      <div className={classes.person}>
        <Avatar src={entry.photo_url} name={entry.full_name} color="initials" radius="xl" size={44} alt="" />
        <Stack gap={2} miw={0}>
          <Text fw={700} className={classes.name} data-testid="roll-name">
            {entry.full_name}
          </Text>
          {about && (
            <Text size="sm" c="dimmed" className={classes.name}>
              {about}
            </Text>
          )}
          <Group gap={6} wrap="wrap">
            <Text size="xs" c="dimmed" data-testid="roll-how">
              {how}
            </Text>
            {entry.waiting && (
              <Badge
                size="sm"
                color="orange"
                variant="light"
                leftSection={<IconClockUp size={12} />}
                data-testid="roll-waiting"
              >
                {t('session_page.waiting_row')}
              </Badge>
            )}
            {overdue && (
              <Badge size="sm" color="red.9" variant="filled" data-testid="roll-overdue">
                {t('session_page.overdue', { count: highlightMinutes })}
              </Badge>
            )}
          </Group>
        </Stack>
      </div>
      <div
        className={classes.statuses}
        role="group"
        aria-label={t('session_page.status_of', { name: entry.full_name })}
      >
        {BUTTON_ORDER.map((status) => {
          const look = STATUS_LOOK[status];
          const Icon = look.icon;
          const current = entry.status === status;
          return (
            <Button
              key={status}
              classNames={{ root: classes.statusButton, label: classes.statusLabel, section: classes.statusIcon }}
              color={look.color}
              variant={current ? 'filled' : 'default'}
              // Hovered, Mantine lightens the darkest shade; these keep their 4.5:1 contrast.
              style={current ? { '--button-hover': `var(--mantine-color-${look.color.replace('.', '-')})` } : undefined}
              leftSection={<Icon size={18} />}
              aria-pressed={current}
              disabled={disabled}
              onClick={() => {
                if (!current) onMark(entry.id, status);
              }}
              data-testid={`roll-mark-${status}`}
            >
              {t(`session_page.status.${status}`)}
            </Button>
          );
        })}
      </div>
    </Box>
  );
});
