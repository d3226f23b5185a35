import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import { reasonEndTime } from '@app/shared/attendance/reason-ranges';
import type { AttendanceMode, AttendanceReason } from '@app/shared/attendance/schemas';

// Dialogs open outside React's tree: they take the texts of the language at the moment they open.
const texts = () => i18next.getFixedT(null, 'attendance');

/**
 * Asks before deleting a mode, saying how many reasons go with it. A mode a journey uses cannot be
 * deleted: the dialog names the journeys and offers no delete.
 */
export function confirmDeleteMode(mode: AttendanceMode, onConfirm: () => void): void {
  const t = texts();
  const used = mode.journeys.length > 0;
  modals.openConfirmModal({
    title: t('delete_mode.title'),
    children: (
      <Stack gap="xs">
        <Text size="sm">{t('delete_mode.body', { name: mode.name })}</Text>
        {used ? (
          <>
            <Text size="sm" c="red" fw={500} data-testid="mode-delete-journeys">
              {t('delete_mode.in_journeys', { count: mode.journeys.length })}
            </Text>
            <List size="sm">
              {mode.journeys.map((j) => (
                <List.Item key={j.id}>{j.name}</List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm" c={mode.reasons.length ? 'red' : 'dimmed'} fw={500} data-testid="mode-delete-reasons">
            {t('delete_mode.reasons', { count: mode.reasons.length })}
          </Text>
        )}
      </Stack>
    ),
    labels: { confirm: t('delete_mode.confirm'), cancel: t('common:actions.cancel') },
    confirmProps: { color: 'red', disabled: used, 'data-testid': 'mode-delete-confirm' },
    onConfirm,
  });
}

export function confirmDeleteReason(reason: AttendanceReason, onConfirm: () => void): void {
  const t = texts();
  modals.openConfirmModal({
    title: t('delete_reason.title'),
    children: (
      <Text size="sm">
        {t('delete_reason.body', {
          name: reason.name,
          type: t(`types.${reason.type}`),
          start: reason.start_time,
          end: reasonEndTime(reason),
        })}
      </Text>
    ),
    labels: { confirm: t('delete_reason.confirm'), cancel: t('common:actions.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'reason-delete-confirm' },
    onConfirm,
  });
}
