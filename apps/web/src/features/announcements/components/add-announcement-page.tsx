import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { notifySuccess } from '@/lib/notify';
import { useSearchText } from '@/lib/search-param';
import { useCreateAnnouncement } from '../api/create-announcement';
import { useAnnouncement } from '../api/get-announcement';
import { useAnnouncementClock } from '../api/get-announcement-clock';
import { useAnnouncementUserTypes } from '../api/list-announcement-user-types';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { announcementValues, newAnnouncementValues } from '../utils/announcement-form';
import { AnnouncementForm } from './announcement-form';

/**
 * /add-announcement adds one; /add-announcement?id=… changes it. Adding goes back to the list with
 * the server's message; saving a change opens the announcement with "Announcement has been updated
 * successfully" (spec §8).
 */
export function AddAnnouncementPage() {
  const { t } = useTranslation('announcements');
  const id = useSearchText('id');
  const existing = useAnnouncement(id);
  const clock = useAnnouncementClock();
  const userTypes = useAnnouncementUserTypes();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const editing = id !== null;

  const failed = clock.isError || userTypes.isError || existing.isError;
  const ready = clock.data && userTypes.data && (!editing || existing.data);

  return (
    <Stack gap="lg" maw={900} data-testid="add-announcement-page">
      <div>
        <Title order={2}>{editing ? t('form.edit_title') : t('form.add_title')}</Title>
        <Text c="dimmed">{editing ? t('form.edit_description') : t('form.add_description')}</Text>
      </div>
      <Card withBorder radius="md" p="lg">
        {failed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('form.load_failed')}>
            <Button
              variant="light"
              color="red"
              size="xs"
              mt="xs"
              onClick={() => void Promise.all([clock.refetch(), userTypes.refetch(), id ? existing.refetch() : null])}
            >
              {t('common:retry')}
            </Button>
          </Alert>
        ) : existing.data && !existing.data.editable ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} data-testid="announcement-locked">
            {t('not_editable')}
          </Alert>
        ) : !ready ? (
          <Stack gap="md">
            <Skeleton height={170} />
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={60} />
          </Stack>
        ) : (
          <AnnouncementForm
            // A new form for each announcement, so its first values are the right ones.
            key={id ?? 'new'}
            initial={existing.data ? announcementValues(existing.data) : newAnnouncementValues(clock.data.now)}
            editing={editing}
            clock={existing.data ? { timezone: existing.data.timezone, now: clock.data.now } : clock.data}
            userTypes={userTypes.data.data}
            pending={create.isPending || update.isPending}
            submitLabel={editing ? t('form.save') : t('form.create')}
            onCancel={() => navigateTo(id ? hrefFor(paths.announcementDetails, {}, { id }) : paths.announcements)}
            onSubmit={async (body) => {
              if (id) {
                await update.mutateAsync({ id, body });
                notifySuccess(t('toasts.updated'));
                navigateTo(hrefFor(paths.announcementDetails, {}, { id }));
              } else {
                const created = await create.mutateAsync(body);
                notifySuccess(created.message);
                navigateTo(paths.announcements);
              }
            }}
          />
        )}
      </Card>
    </Stack>
  );
}
