import { Card, EmptyState, Stack, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PERSON_LIMITS } from '@app/shared/people/schemas';
import { paths } from '@/config/paths';
import { navigateTo } from '@/lib/navigation';
import { useSearchText } from '@/lib/search-param';
import { InvitePanel } from './invite-panel';

const uuid = z.uuid();

/** `?ids=` as the users list writes it: comma separated, repeats and non-ids dropped. */
const parseIds = (value: string | null): string[] =>
  [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter((part) => uuid.safeParse(part).success),
    ),
  ].slice(0, PERSON_LIMITS.massMax);

/** Spec §2 /invite-users-to-dashboard: the invite flow of the users list, for the people in `?ids=`. */
export function InviteUsersPage() {
  const { t } = useTranslation('users');
  const ids = parseIds(useSearchText('ids'));
  const back = () => navigateTo(paths.users);
  return (
    <Stack gap="lg" data-testid="invite-users-page">
      <Stack gap={4}>
        <Title order={2}>{t('invite.title')}</Title>
        <Text c="dimmed">{t('invite.page_description')}</Text>
      </Stack>
      <Card withBorder padding="lg">
        {ids.length === 0 ? (
          <EmptyState
            icon={<IconMailForward size={28} />}
            title={t('invite.none_title')}
            description={t('invite.none_body')}
            py="xl"
          />
        ) : (
          <InvitePanel personIds={ids} onCancel={back} onDone={back} />
        )}
      </Card>
    </Stack>
  );
}
