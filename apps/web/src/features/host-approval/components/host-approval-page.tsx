import { Alert, Box, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockOff,
  IconLinkOff,
  IconThumbDown,
  IconThumbUp,
} from '@tabler/icons-react';
import { useParams, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostApproval } from '@app/shared/webhooks/host-approvals';
import { PublicLinkLoading, PublicLinkScreen } from '@/components/ui/public-link-screen';
import { PublicNotice } from '@/components/ui/public-notice';
import { useDocumentTitle } from '@/lib/document-title';
import { formatIsoDay } from '@/lib/dates';
import { isLinkRefusal, useDecideHostApproval, useHostApproval } from '../api/host-approval';
import classes from './host-approval.module.css';

function Screen({ company, children }: { company?: string; children: ReactNode }) {
  return (
    <PublicLinkScreen company={company} testId="host-approval-page" companyTestId="host-approval-company">
      <Box component="main">{children}</Box>
    </PublicLinkScreen>
  );
}

type Decision = 'approve' | 'reject';

/** The visit as the host is asked about it: who, where and when. */
function VisitFacts({ approval }: { approval: HostApproval }) {
  const { t } = useTranslation('host-approval');
  const fact = (label: string, value: ReactNode, testId: string) => (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className={classes.text} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="lg" p="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {fact(t('facts.where'), `${approval.area}, ${approval.site}`, 'host-approval-where')}
        {fact(t('facts.when'), `${formatIsoDay(approval.visit_date)} ${approval.visit_time}`, 'host-approval-when')}
      </SimpleGrid>
    </Paper>
  );
}

function Ask({ token, approval, first }: { token: string; approval: HostApproval; first: Decision }) {
  const { t } = useTranslation('host-approval');
  const decide = useDecideHostApproval(token);
  const button = (decision: Decision) => (
    <Button
      key={decision}
      size="lg"
      fullWidth
      color={decision === 'approve' ? 'teal.9' : 'red.9'}
      variant={decision === first ? 'filled' : 'outline'}
      leftSection={decision === 'approve' ? <IconThumbUp size={22} /> : <IconThumbDown size={22} />}
      loading={decide.isPending && decide.variables?.decision === decision}
      disabled={decide.isPending && decide.variables?.decision !== decision}
      onClick={() => decide.mutate({ decision })}
      data-testid={`host-approval-${decision}`}
    >
      {t(`ask.${decision}`)}
    </Button>
  );
  return (
    <Stack gap="lg" data-testid="host-approval-ask">
      <Stack gap={6}>
        <Text fw={600} c="blue.9">
          {t('ask.kicker', { host: approval.host })}
        </Text>
        <Title order={1} className={classes.text}>
          {t('ask.title', { visitor: approval.visitor })}
        </Title>
      </Stack>
      <VisitFacts approval={approval} />
      {decide.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="host-approval-error">
          {isLinkRefusal(decide.error) ? decide.error.message : t('ask.failed')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {(first === 'approve' ? (['approve', 'reject'] as const) : (['reject', 'approve'] as const)).map(button)}
      </SimpleGrid>
      <Text size="sm" c="dimmed" className={classes.text}>
        {t('ask.hint')}
      </Text>
    </Stack>
  );
}

/** What the link can no longer do, and why: decided here, decided elsewhere, or out of time. */
function Settled({ approval }: { approval: HostApproval }) {
  const { t } = useTranslation('host-approval');
  if (approval.state === 'expired') {
    return (
      <PublicNotice icon={IconClockOff} color="gray" title={t('expired.title')} testId="host-approval-expired">
        <Text className={classes.text}>{t('expired.body')}</Text>
      </PublicNotice>
    );
  }
  const approved = approval.decision === 'approved';
  const key = approval.state === 'used' ? 'done' : 'decided';
  return (
    <PublicNotice
      icon={approved ? IconCircleCheck : IconCircleX}
      color={approved ? 'teal' : 'red'}
      title={t(`${key}.${approved ? 'approved' : 'rejected'}_title`, { visitor: approval.visitor })}
      testId={`host-approval-${key}`}
    >
      <VisitFacts approval={approval} />
      <Text className={classes.text}>{t(`${key}.${approved ? 'approved' : 'rejected'}_body`)}</Text>
    </PublicNotice>
  );
}

/** /host-approval/:token: the page a host's chat message links to; their choice is made here, once. */
export function HostApprovalPage() {
  const { t } = useTranslation('host-approval');
  const params: { token?: string } = useParams({ strict: false });
  const search: Record<string, unknown> = useSearch({ strict: false });
  const token = params.token ?? '';
  const first: Decision = search.decision === 'reject' ? 'reject' : 'approve';
  const link = useHostApproval(token);
  useDocumentTitle(t('page_title'));

  if (isLinkRefusal(link.error) && !link.data) {
    return (
      <Screen>
        <PublicNotice icon={IconLinkOff} color="red" title={t('unknown.title')} testId="host-approval-unknown">
          <Text>{t('unknown.body')}</Text>
        </PublicNotice>
      </Screen>
    );
  }
  if (!link.data) {
    return (
      <Screen>
        <PublicLinkLoading failed={link.isError} failedText={t('load_failed')} prefix="host-approval" />
      </Screen>
    );
  }
  return (
    <Screen company={link.data.company}>
      {link.data.state === 'open' ? (
        <Ask token={token} approval={link.data} first={first} />
      ) : (
        <Settled approval={link.data} />
      )}
    </Screen>
  );
}
