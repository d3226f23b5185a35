import { Anchor, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import { hrefFor, paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useSearchText } from '@/lib/search-param';
import { useSession } from '@/lib/session';
import { useAnnouncement } from '../api/get-announcement';
import { useAnnouncementStatusEvents } from '../hooks/use-announcement-status-events';
import { formatReading } from '../utils/announcement-form';
import { AnnouncementFlags, AnnouncementStateBadge } from './announcement-badges';
import { AnnouncementContent } from './announcement-content';
import { confirmDeleteAnnouncement } from './confirm-delete-announcement';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** /announcement-details?id=…: one announcement as kiosks show it, with its audience, times and state. */
export function AnnouncementDetailsPage() {
  const { t } = useTranslation('announcements');
  const id = useSearchText('id');
  const announcement = useAnnouncement(id);
  const canWrite = isAllowed(useSession()?.permissions, 'add-announcement');
  useAnnouncementStatusEvents();
  const a = announcement.data;

  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} className="mirror-rtl" />}
      onClick={() => navigateTo(paths.announcements)}
      data-testid="announcement-back"
    >
      {t('actions.back')}
    </Button>
  );

  if (!id) {
    return (
      <Stack gap="lg" align="flex-start">
        {back}
        <Text c="dimmed">{t('details.missing')}</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={900} data-testid="announcement-details-page">
      <Group justify="space-between" align="center">
        {back}
        {a && canWrite && a.editable && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} />}
              onClick={() => navigateTo(hrefFor(paths.addAnnouncement, {}, { id: a.id }))}
              data-testid="announcement-details-edit"
            >
              {t('actions.edit_short')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => confirmDeleteAnnouncement(a, () => navigateTo(paths.announcements))}
              data-testid="announcement-details-delete"
            >
              {t('actions.delete_short')}
            </Button>
          </Group>
        )}
      </Group>

      <Card withBorder radius="md" p="lg">
        {!a ? (
          <Stack gap="md">
            <Skeleton height={28} width="40%" />
            <Skeleton height={124} />
            <Skeleton height={60} />
          </Stack>
        ) : (
          <Stack gap="lg">
            <Group justify="space-between" align="center">
              <Title order={2}>{t('details.title')}</Title>
              <AnnouncementStateBadge state={a.state} />
            </Group>
            <AnnouncementContent html={a.text} />
            <Divider />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              <Fact label={t('details.for')} testId="announcement-details-for">
                <Text size="sm">
                  {a.user_types.length ? a.user_types.map((type) => type.name).join(', ') : t('everyone')}
                </Text>
              </Fact>
              <Fact label={t('details.publish')}>
                <Text size="sm" dir="ltr" ta="start" data-testid="announcement-details-publish">
                  {formatReading(a.publish_at)}
                </Text>
              </Fact>
              <Fact label={t('details.expires')}>
                <Text size="sm" dir="ltr" ta="start" data-testid="announcement-details-expires">
                  {formatReading(a.expires_at)}
                </Text>
              </Fact>
              <Fact label={t('details.flags')}>
                <AnnouncementFlags announcement={a} />
              </Fact>
              <Fact label={t('details.url')}>
                {a.url ? (
                  <Anchor
                    href={a.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    dir="ltr"
                    data-testid="announcement-details-url"
                  >
                    <Group gap={4} wrap="nowrap" component="span">
                      <span style={{ overflowWrap: 'anywhere' }}>{a.url}</span>
                      <IconExternalLink size={14} style={{ flex: 'none' }} />
                    </Group>
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('details.no_url')}
                  </Text>
                )}
              </Fact>
              <Fact label={t('details.timezone')}>
                <Text size="sm" dir="ltr" ta="start">
                  {a.timezone}
                </Text>
              </Fact>
            </SimpleGrid>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
