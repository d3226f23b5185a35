import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import type { Announcement } from '@app/shared/announcements/schemas';
import { notifySuccess } from '@/lib/notify';
import { deleteAnnouncement } from '../api/delete-announcement';

/**
 * Asks before deleting; on success shows the server's message (spec §8) and calls `onDeleted`. A
 * refusal is shown by the API client.
 */
export function confirmDeleteAnnouncement(announcement: Announcement, onDeleted: () => Promise<unknown> | void) {
  const t = i18next.getFixedT(null, 'announcements');
  modals.openConfirmModal({
    title: t('delete.title'),
    children: (
      <Stack gap="xs">
        <Text size="sm">{t('delete.body', { excerpt: announcement.excerpt })}</Text>
        {announcement.state === 'active' && (
          <Text size="sm" c="red" fw={500}>
            {t('delete.active')}
          </Text>
        )}
      </Stack>
    ),
    labels: { confirm: t('delete.confirm'), cancel: i18next.t('common:actions.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'announcement-delete-confirm' },
    onConfirm: () => {
      deleteAnnouncement(announcement.id)
        .then(async (res) => {
          notifySuccess(res.message);
          await onDeleted();
        })
        .catch(() => undefined);
    },
  });
}
