import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RollCallReport } from '@app/shared/emergency/schemas';
import { BackLink } from '@/components/ui/back-link';
import { hrefFor, paths } from '@/config/paths';
import { formatLocalReading } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/document-title';
import { currentLanguage } from '@/lib/i18n';
import { rollCallPdfUrl, useRollCallReport } from '../api/get-report';
import classes from './report.module.css';

/** Minutes (to a tenth or finer) as whole minutes and seconds. */
const elapsed = (minutes: number) => {
  const seconds = Math.round(minutes * 60);
  return { minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
};

/**
 * A mark's time to the second: the company-clock reading (to the minute) and the instant's seconds,
 * which are the same on every clock.
 */
const withSeconds = (moment: { at: string; local: string }) =>
  `${formatLocalReading(moment.local)}:${String(new Date(moment.at).getUTCSeconds()).padStart(2, '0')}`;

function Milestones({ report }: { report: RollCallReport }) {
  const { t } = useTranslation('emergency');
  return (
    <div className={classes.milestones} data-testid="report-milestones">
      {report.milestones.map((m) => (
        <div key={m.percent} className={classes.milestone} data-testid="report-milestone" data-percent={m.percent}>
          <Text size="sm" c="dimmed">
            {t('report_page.milestone', { percent: m.percent })}
          </Text>
          {m.at && m.minutes !== null ? (
            <>
              <Text fw={700} size="xl" data-testid="report-milestone-minutes">
                {t('report_page.elapsed', elapsed(m.minutes))}
              </Text>
              <Text size="sm" c="dimmed">
                {t('report_page.reached_at', { time: formatLocalReading(m.at.local) })}
              </Text>
            </>
          ) : (
            <Text fw={700} size="lg" c="red.9" data-testid="report-milestone-minutes">
              {t('report_page.not_reached')}
            </Text>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * /emergency-sessions/:sessionName/:sessionId/report: the roll-call report of a session, to print or
 * download as a PDF: how long it took to account for 50 %, 90 % and everyone, who was left
 * unaccounted for, and every mark in the order made (who marked whom, concurrent marks included).
 */
export function RollCallReportPage() {
  const { t } = useTranslation('emergency');
  const params: { sessionId?: string; sessionName?: string } = useParams({ strict: false });
  const { sessionId = '', sessionName = '' } = params;
  const report = useRollCallReport(sessionId);
  const data = report.data;
  useDocumentTitle(t('report_page.title_of', { name: data?.session.name ?? sessionName }));
  const sessionHref = hrefFor(paths.emergencySession, { sessionName: data?.session.name ?? sessionName, sessionId });

  if (!data) {
    return (
      <Stack gap="md" data-testid="roll-call-report" data-state="loading">
        <BackLink to={sessionHref}>{t('report_page.back')}</BackLink>
        {report.isError ? (
          <Alert color="red">{t('report_page.load_failed')}</Alert>
        ) : (
          <>
            <Skeleton h={40} w="50%" />
            <Skeleton h={120} />
            <Skeleton h={240} />
          </>
        )}
      </Stack>
    );
  }

  const { session } = data;
  const counts = session.counts;
  return (
    <Stack gap="lg" data-testid="roll-call-report" data-state="ready" data-roll-call-print="">
      <div className={classes.noPrint}>
        <BackLink to={sessionHref}>{t('report_page.back')}</BackLink>
      </div>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
          <Group gap="xs">
            <Title order={1} size="h2" data-testid="report-title">
              {t('report_page.title_of', { name: session.name })}
            </Title>
            {session.is_drill && (
              <Badge color="violet.9" variant="filled" size="lg">
                {t('session_page.drill')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {session.started_by
              ? t('session_page.started', {
                  name: session.started_by,
                  time: formatLocalReading(session.started_at.local),
                })
              : t('session_page.started_system', { time: formatLocalReading(session.started_at.local) })}
          </Text>
          {session.ended_at ? (
            <Text size="sm" c="dimmed">
              {session.ended_by
                ? t('session_page.ended', { name: session.ended_by, time: formatLocalReading(session.ended_at.local) })
                : t('session_page.ended_system', { time: formatLocalReading(session.ended_at.local) })}
            </Text>
          ) : (
            <Text size="sm" c="orange.9" data-testid="report-running">
              {t('report_page.running')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('session_page.areas', { areas: session.areas.map((a) => a.name).join(', ') })}
          </Text>
        </Stack>
        <Group gap="sm" className={classes.noPrint}>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} />}
            mih={48}
            onClick={() => window.print()}
            data-testid="report-print"
          >
            {t('report_page.print')}
          </Button>
          <Button
            component="a"
            href={rollCallPdfUrl(sessionId, currentLanguage())}
            download
            leftSection={<IconDownload size={18} />}
            mih={48}
            data-testid="report-pdf"
          >
            {t('report_page.pdf')}
          </Button>
        </Group>
      </Group>

      <Group gap="lg" data-testid="report-counts">
        <Text>
          <b>{counts.total}</b> {t('report_page.counts.total')}
        </Text>
        <Text>
          <b>{counts.present}</b> {t('report_page.counts.present')}
        </Text>
        <Text>
          <b>{counts.out}</b> {t('report_page.counts.out')}
        </Text>
        <Text c={counts.not_present > 0 ? 'red.9' : undefined}>
          <b>{counts.not_present}</b> {t('report_page.counts.missing')}
        </Text>
      </Group>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('report_page.milestones_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('report_page.milestones_hint')}
        </Text>
        <Milestones report={data} />
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('report_page.unaccounted_title', { count: data.unaccounted.length })}
        </Title>
        {data.unaccounted.length === 0 ? (
          <Paper withBorder p="md" data-testid="report-unaccounted-none">
            <Text>{t('report_page.unaccounted_none')}</Text>
          </Paper>
        ) : (
          <div className={classes.tableWrap}>
            <Table className={classes.table} striped withTableBorder data-testid="report-unaccounted">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report_page.columns.person')}</Table.Th>
                  <Table.Th>{t('report_page.columns.company')}</Table.Th>
                  <Table.Th>{t('report_page.columns.area')}</Table.Th>
                  <Table.Th>{t('report_page.columns.phone')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.unaccounted.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="report-unaccounted-row">
                    <Table.Td fw={600}>{entry.full_name}</Table.Td>
                    <Table.Td>{[entry.company_name, entry.user_type?.name].filter(Boolean).join(' · ')}</Table.Td>
                    <Table.Td>{entry.area?.name ?? t('session_page.nowhere')}</Table.Td>
                    <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                      {entry.phone ?? ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('report_page.marks_title', { count: data.marks.length })}
        </Title>
        {data.marks.length === 0 ? (
          <Paper withBorder p="md">
            <Text>{t('report_page.marks_none')}</Text>
          </Paper>
        ) : (
          <div className={classes.tableWrap}>
            <Table className={classes.table} striped withTableBorder data-testid="report-marks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('report_page.columns.time')}</Table.Th>
                  <Table.Th>{t('report_page.columns.person')}</Table.Th>
                  <Table.Th>{t('report_page.columns.status')}</Table.Th>
                  <Table.Th>{t('report_page.columns.how')}</Table.Th>
                  <Table.Th>{t('report_page.columns.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.marks.map((mark, index) => (
                  <Table.Tr key={index} data-testid="report-mark-row" data-status={mark.status}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{withSeconds(mark.at)}</Table.Td>
                    <Table.Td fw={600}>{mark.full_name}</Table.Td>
                    <Table.Td>{t(`session_page.status.${mark.status}`)}</Table.Td>
                    <Table.Td>{t(`report_page.sources.${mark.source}`)}</Table.Td>
                    <Table.Td>{mark.by ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Stack>
  );
}
