import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileExport } from '@tabler/icons-react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { EXPORT_LIMITS, type ExportProgressEvent, type ReportExport } from '@app/shared/reports/exports';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { notifyError } from '@/lib/notify';
import { requestNotifications } from '@/lib/overlays';
import { getExport, requestExportLink } from '../api/exports-api';

// The notice that follows an export the person asked for (spec §9 "Export progress hint 4 s"): a
// progress bar that moves with the job; past 4 s it says the export goes on in the background and links
// to the export list; when the file is ready it offers it for download. Live events move it; a slow
// poll keeps it moving when the socket is down.

type Shown = ExportProgressEvent & { bytes?: number | null; error?: string | null };

const noticeId = (id: string) => `report-export-${id}`;
const FINISHED = new Set(['done', 'failed', 'expired']);

type Followed = { startedAt: number; last: Shown; timer?: ReturnType<typeof setTimeout> };
const followed = new Map<string, Followed>();

/** Asks for a short-lived link to the export's file and opens it (the browser saves the file). */
export async function downloadExport(id: string): Promise<void> {
  try {
    const link = await requestExportLink(id);
    window.location.assign(link.url);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) notifyError(error.message);
    else throw error;
  }
}

function NoticeBody({ shown, hinted }: { shown: Shown; hinted: boolean }) {
  const { t } = useTranslation('events');
  const running = shown.status === 'queued' || shown.status === 'running';
  return (
    <Stack gap={6} data-testid="export-notice" data-status={shown.status} data-export-id={shown.id}>
      {running && (
        <>
          <Progress
            value={shown.total_rows ? shown.progress : 100}
            animated={!shown.total_rows}
            striped={!shown.total_rows}
            size="sm"
            aria-label={t('exports.progress_label')}
          />
          <Text size="xs" c="dimmed">
            {t('exports.rows_so_far', { count: shown.rows })}
          </Text>
        </>
      )}
      {running && hinted && (
        <Text size="sm" data-testid="export-notice-background">
          {t('exports.background_hint')}{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => navigateTo(paths.reportingExportList)}
            data-testid="export-notice-list-link"
          >
            {t('exports.open_list')}
          </Anchor>
        </Text>
      )}
      {shown.status === 'done' && (
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">{t('exports.ready_rows', { count: shown.rows })}</Text>
          <Button
            size="compact-sm"
            leftSection={<IconDownload size={14} />}
            onClick={() => void downloadExport(shown.id)}
            data-testid="export-notice-download"
          >
            {t('exports.download')}
          </Button>
        </Group>
      )}
      {shown.status === 'failed' && <Text size="sm">{t('exports.failed_body')}</Text>}
    </Stack>
  );
}

function render(shown: Shown, hinted: boolean, isNew: boolean): void {
  void requestNotifications().then(
    ({ notifications }) => {
      const t = i18next.t;
      const running = !FINISHED.has(shown.status);
      const data = {
        id: noticeId(shown.id),
        title: t(running ? 'events:exports.notice_running' : `events:exports.notice_${shown.status}`, {
          report: t(`events:exports.report_names.${shown.report}`),
          format: shown.format.toUpperCase(),
        }),
        color: shown.status === 'failed' ? 'red' : running ? 'blue' : 'teal',
        icon:
          shown.status === 'failed' ? (
            <IconAlertTriangle size={18} />
          ) : running ? (
            <IconFileExport size={18} />
          ) : (
            <IconCheck size={18} />
          ),
        autoClose: running ? false : 15_000,
        withCloseButton: true,
        message: <NoticeBody shown={shown} hinted={hinted} />,
      } as const;
      if (isNew) notifications.show(data);
      else if (notifications.update(data) === undefined) notifications.show(data);
    },
    () => undefined,
  );
}

const hinted = (entry: Followed) => Date.now() - entry.startedAt >= EXPORT_LIMITS.progressHintMs;

function schedulePoll(id: string): void {
  const entry = followed.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  const delay = hinted(entry) ? 3_000 : 1_000;
  entry.timer = setTimeout(() => {
    getExport(id).then(
      (exp) => exportChanged(exp),
      () => schedulePoll(id),
    );
  }, delay);
}

/** Starts following an export the person just asked for. */
export function followExport(exp: ReportExport): void {
  const entry: Followed = { startedAt: Date.now(), last: exp };
  followed.set(exp.id, entry);
  render(exp, false, true);
  if (FINISHED.has(exp.status)) return;
  // The hint appears at 4 s even if nothing moved meanwhile.
  setTimeout(() => {
    const current = followed.get(exp.id);
    if (current && !FINISHED.has(current.last.status)) render(current.last, true, false);
  }, EXPORT_LIMITS.progressHintMs);
  schedulePoll(exp.id);
}

/**
 * An export moved on (a live event or a poll). A followed one redraws its notice; one not followed
 * here (asked for in another tab, or before a reload) shows a notice only once it is finished.
 */
export function exportChanged(shown: Shown): void {
  const entry = followed.get(shown.id);
  const finished = FINISHED.has(shown.status);
  if (!entry) {
    if (finished) render(shown, false, false);
    return;
  }
  if (FINISHED.has(entry.last.status)) return;
  entry.last = shown;
  render(shown, hinted(entry), false);
  if (finished) {
    clearTimeout(entry.timer);
    followed.delete(shown.id);
  } else schedulePoll(shown.id);
}
