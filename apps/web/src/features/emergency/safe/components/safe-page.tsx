import { Alert, Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockOff, IconLinkOff, IconShieldCheck } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SafeLink } from '@app/shared/emergency/schemas';
import { PublicLinkLoading, PublicLinkScreen } from '@/components/ui/public-link-screen';
import { PublicNotice } from '@/components/ui/public-notice';
import { useDocumentTitle } from '@/lib/document-title';
import { isLinkRefusal, useMarkSafe, useSafeLink } from '../api/safe-link';
import classes from './safe.module.css';

function Screen({ company, children }: { company?: string; children: ReactNode }) {
  return (
    <PublicLinkScreen company={company} tint="rgb(18 184 134 / 12%)" testId="safe-page" companyTestId="safe-company">
      <Box component="main">{children}</Box>
    </PublicLinkScreen>
  );
}

type OpenLink = Extract<SafeLink, { active: true }>;

function SafeAnswer({ token, link }: { token: string; link: OpenLink }) {
  const { t } = useTranslation('safe-link');
  const mark = useMarkSafe(token);
  const drill = link.is_drill ? (
    <Badge color="violet.9" variant="filled" size="lg">
      {t('drill')}
    </Badge>
  ) : null;

  if (link.status === 'present') {
    return (
      <PublicNotice
        icon={IconCircleCheck}
        color="teal"
        title={t('done.title', { name: link.first_name })}
        testId="safe-done"
      >
        {drill}
        <Text className={classes.text}>{t('done.body', { session: link.session_name })}</Text>
        <Text c="dimmed">{t('done.stay')}</Text>
      </PublicNotice>
    );
  }
  return (
    <Stack gap="lg" data-testid="safe-ask">
      <Stack gap={6}>
        <Group gap="xs">
          {drill}
          <Text fw={600} c="red.9" className={classes.text}>
            {link.is_drill
              ? t('ask.drill_kicker', { session: link.session_name })
              : t('ask.kicker', { session: link.session_name })}
          </Text>
        </Group>
        <Title order={1} className={classes.text}>
          {t('ask.title', { name: link.first_name })}
        </Title>
        <Text className={classes.text}>{t('ask.body')}</Text>
      </Stack>
      {mark.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="safe-error">
          {isLinkRefusal(mark.error) ? mark.error.message : t('ask.failed')}
        </Alert>
      )}
      <Button
        size="xl"
        color="teal.9"
        fullWidth
        className={classes.safeButton}
        leftSection={<IconShieldCheck size={32} />}
        loading={mark.isPending}
        onClick={() => mark.mutate()}
        data-testid="safe-submit"
      >
        {t('ask.button')}
      </Button>
      <Text size="sm" c="dimmed" className={classes.text}>
        {t('ask.hint')}
      </Text>
    </Stack>
  );
}

/** /i-am-safe/:token: the link in the "evacuate now" mail; one tap tells the wardens the person is safe. */
export function SafePage() {
  const { t } = useTranslation('safe-link');
  const params: { token?: string } = useParams({ strict: false });
  const token = params.token ?? '';
  const link = useSafeLink(token);
  useDocumentTitle(t('page_title'));

  if (isLinkRefusal(link.error) && !link.data) {
    return (
      <Screen>
        <PublicNotice icon={IconLinkOff} color="red" title={t('unknown.title')} testId="safe-unknown">
          <Text>{t('unknown.body')}</Text>
        </PublicNotice>
      </Screen>
    );
  }
  if (!link.data) {
    return (
      <Screen>
        <PublicLinkLoading failed={link.isError} failedText={t('load_failed')} prefix="safe" />
      </Screen>
    );
  }
  // Once the session ended the server says only that: no name, company or session to show.
  if (!link.data.active) {
    return (
      <Screen>
        <PublicNotice icon={IconClockOff} color="gray" title={t('ended.title')} testId="safe-ended">
          <Text className={classes.text}>{t('ended.body')}</Text>
        </PublicNotice>
      </Screen>
    );
  }
  return (
    <Screen company={link.data.company_name}>
      <SafeAnswer token={token} link={link.data} />
    </Screen>
  );
}
