import {
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Loader,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconFileText, IconFlag, IconSearch, IconUserPlus, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionDetail } from '@app/shared/emergency/schemas';
import { BackLink } from '@/components/ui/back-link';
import { LiveStatus } from '@/components/ui/live-status';
import { hrefFor, paths } from '@/config/paths';
import { formatDateTime, formatLocalReading } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/document-title';
import { useSession } from '@/lib/session';
import { sessionQueryKey, useEmergencySession } from '../api/get-session';
import { useSessionPermissions } from '../api/get-session-permissions';
import { useMarkQueue } from '../hooks/use-mark-queue';
import { useOnline } from '../hooks/use-online';
import { useSessionLive } from '../hooks/use-session-live';
import { saveLastRoll } from '../utils/mark-queue';
import { accountedFor, countRoll, filterRoll, ROLL_FILTERS, withWaitingMarks, type RollFilter } from '../utils/roll';
import { AddPersonModal } from './add-person-modal';
import { ElapsedTime, useNow } from './elapsed-time';
import { EndSessionModal } from './end-session-modal';
import { RollList } from './roll-list';
import classes from './session.module.css';

/** The roll is kept in this browser at most this often (a large roll is a large write). */
const SAVE_EVERY_MS = 3_000;

/** Keeps the last roll the page showed in this browser, for a reload without a connection. */
function useKeepLastRoll(sessionId: string, detail: SessionDetail | undefined) {
  const latest = useRef(detail);
  useEffect(() => {
    latest.current = detail;
    if (!detail) return;
    const timer = setTimeout(() => saveLastRoll(sessionId, detail), SAVE_EVERY_MS);
    return () => clearTimeout(timer);
  }, [sessionId, detail]);
  useEffect(() => {
    const save = () => {
      if (latest.current) saveLastRoll(sessionId, latest.current);
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [sessionId]);
}

/**
 * /emergency-sessions/:sessionName/:sessionId (spec §2, §4 "Emergency session"): the live roll call.
 * Several wardens mark the same people at once and see each other's marks within a second; on a
 * phone outside the building, a dropped connection keeps the last roll and the marks made meanwhile,
 * sent when the connection is back.
 */
export function EmergencySessionPage() {
  const { t } = useTranslation('emergency');
  const params: { sessionId?: string; sessionName?: string } = useParams({ strict: false });
  const { sessionId = '', sessionName = '' } = params;
  const queryClient = useQueryClient();
  const me = useSession()?.user.fullName ?? '';
  const query = useEmergencySession(sessionId);
  const permissions = useSessionPermissions(sessionId);
  const live = useSessionLive(sessionId);
  const online = useOnline();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey(sessionId) }),
    [queryClient, sessionId],
  );
  const queue = useMarkQueue(sessionId, refresh);
  const now = useNow(15_000);
  const [filter, setFilter] = useState<RollFilter>('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState(false);

  const detail = query.data;
  useKeepLastRoll(sessionId, detail);
  const title = detail?.session.name ?? sessionName;
  useDocumentTitle(title || t('session_page.title'));

  const shown = useMemo(
    () => (detail ? withWaitingMarks(detail.roll, queue.waiting, me) : []),
    [detail, queue.waiting, me],
  );
  const counts = useMemo(() => countRoll(shown), [shown]);
  const visible = useMemo(() => filterRoll(shown, filter, debouncedSearch), [shown, filter, debouncedSearch]);
  // Not current: what is shown is the roll kept in this browser (no answer from the server since).
  const fromStore = detail !== undefined && !query.isFetchedAfterMount;

  if (!detail) {
    return (
      <Stack gap="md" data-testid="emergency-session-page" data-state="loading">
        <BackLink to={paths.emergencySessions}>{t('session_page.back')}</BackLink>
        {query.isError ? (
          <Alert color="red" icon={<IconWifiOff size={18} />} data-testid="emergency-session-error">
            {online ? t('session_page.load_failed') : t('session_page.offline.no_roll')}
          </Alert>
        ) : (
          <>
            <Skeleton h={40} w="60%" />
            <Skeleton h={90} />
            <Skeleton h={300} />
          </>
        )}
      </Stack>
    );
  }

  const { session } = detail;
  const ended = session.status === 'ended';
  const done = accountedFor(counts);
  const percent = counts.total === 0 ? 100 : Math.round((done / counts.total) * 100);
  const reportHref = hrefFor(paths.emergencySessionReport, { sessionName: session.name, sessionId });
  const waiting = queue.waiting.length;

  return (
    <Stack gap="md" data-testid="emergency-session-page" data-state={ended ? 'ended' : 'active'}>
      <BackLink to={paths.emergencySessions}>{t('session_page.back')}</BackLink>

      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} size="h2" className={classes.name} data-testid="emergency-session-name">
              {session.name}
            </Title>
            {session.is_drill && (
              <Badge color="violet.9" variant="filled" size="lg" data-testid="emergency-session-drill">
                {t('session_page.drill')}
              </Badge>
            )}
            <Badge color={ended ? 'gray.7' : 'red.9'} variant={ended ? 'outline' : 'filled'} size="lg">
              {ended ? t('session_page.ended_badge') : t('session_page.active_badge')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" data-testid="emergency-session-started">
            {session.origin === 'kiosk' && session.kiosk
              ? t('session_page.started_kiosk', {
                  kiosk: session.kiosk.name,
                  time: formatLocalReading(session.started_at.local),
                })
              : session.started_by
                ? t('session_page.started', {
                    name: session.started_by,
                    time: formatLocalReading(session.started_at.local),
                  })
                : t('session_page.started_system', { time: formatLocalReading(session.started_at.local) })}
          </Text>
          {ended && session.ended_at && (
            <Text size="sm" c="dimmed" data-testid="emergency-session-ended">
              {session.ended_by
                ? t('session_page.ended', { name: session.ended_by, time: formatLocalReading(session.ended_at.local) })
                : t('session_page.ended_system', { time: formatLocalReading(session.ended_at.local) })}
            </Text>
          )}
          <Text size="sm" c="dimmed" className={classes.name}>
            {t('session_page.areas', { areas: session.areas.map((a) => a.name).join(', ') })}
          </Text>
          <LiveStatus view={live} hint={t('session_page.live_hint')} testId="emergency-session-live" />
        </Stack>
        <Stack gap={6} align="flex-end">
          <Text size="xs" c="dimmed">
            {ended ? t('session_page.duration') : t('session_page.elapsed')}
          </Text>
          <ElapsedTime
            from={session.started_at.at}
            until={session.ended_at?.at ?? null}
            size="xl"
            data-testid="emergency-session-timer"
          />
        </Stack>
      </Group>

      <Group gap="sm" wrap="wrap">
        {!ended && (
          <Button
            leftSection={<IconUserPlus size={18} />}
            mih={48}
            onClick={() => setAdding(true)}
            disabled={!online}
            data-testid="emergency-session-add"
          >
            {t('session_page.add_person')}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconFileText size={18} />}
          mih={48}
          renderRoot={(props) => <Link to={reportHref} {...props} />}
          data-testid="emergency-session-report"
        >
          {t('session_page.report')}
        </Button>
        {!ended && (permissions.data?.end !== false || (permissions.data?.end_blocked_by.length ?? 0) > 0) && (
          <Button
            color="red.9"
            variant="outline"
            leftSection={<IconFlag size={18} />}
            mih={48}
            onClick={() => setEnding(true)}
            disabled={!online}
            data-testid="emergency-session-end"
          >
            {t('session_page.end')}
          </Button>
        )}
      </Group>

      {ended && (
        <Alert color="gray" title={t('session_page.ended_notice.title')} data-testid="emergency-session-ended-notice">
          {t('session_page.ended_notice.body')}
        </Alert>
      )}

      <div className={classes.sticky} data-testid="emergency-session-counts">
        <Stack gap={8}>
          {!online && (
            <Alert
              variant="default"
              className={classes.offline}
              icon={<IconWifiOff size={22} />}
              title={t('session_page.offline.title')}
              data-testid="emergency-offline"
              data-waiting={waiting}
            >
              {waiting > 0 ? t('session_page.offline.waiting', { count: waiting }) : t('session_page.offline.none')}
              {fromStore && query.dataUpdatedAt > 0 && (
                <> {t('session_page.offline.saved_at', { time: formatDateTime(new Date(query.dataUpdatedAt)) })}</>
              )}
            </Alert>
          )}
          {online && waiting > 0 && (
            <Alert
              color="blue"
              icon={<Loader size={16} />}
              py={8}
              data-testid="emergency-sending"
              data-waiting={waiting}
            >
              {t('session_page.sending', { count: waiting })}
            </Alert>
          )}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={700} size="lg" data-testid="emergency-accounted" data-done={done} data-total={counts.total}>
              {t('session_page.accounted', { done, total: counts.total })}
            </Text>
            <Text fw={700} size="lg" dir="ltr">
              {percent} %
            </Text>
          </Group>
          <Progress.Root size={14}>
            <Progress.Section
              value={counts.total ? (counts.present / counts.total) * 100 : 0}
              color="teal.9"
              aria-label={t('session_page.status.present')}
            />
            <Progress.Section
              value={counts.total ? (counts.out / counts.total) * 100 : 0}
              color="gray.6"
              aria-label={t('session_page.status.out')}
            />
          </Progress.Root>
          <Chip.Group multiple={false} value={filter} onChange={(value) => setFilter(value)}>
            <Group
              gap={6}
              wrap="wrap"
              className={classes.chips}
              role="radiogroup"
              aria-label={t('session_page.filters.label')}
            >
              {ROLL_FILTERS.map((f) => (
                <Chip
                  key={f}
                  value={f}
                  type="radio"
                  name="roll-filter"
                  size="md"
                  variant="outline"
                  classNames={{ label: classes.chip }}
                  data-testid={`roll-filter-${f}`}
                >
                  {t(`session_page.filters.${f}`, {
                    count: f === 'all' ? counts.total : f === 'missing' ? counts.not_present : counts[f],
                  })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      </div>

      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('session_page.search')}
        aria-label={t('session_page.search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        size="md"
        data-testid="roll-search"
      />

      {counts.total === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text fw={600}>{t('session_page.empty.title')}</Text>
          <Text c="dimmed" size="sm">
            {t('session_page.empty.body')}
          </Text>
        </Paper>
      ) : visible.length === 0 ? (
        <Paper withBorder p="xl" ta="center" data-testid="roll-no-match">
          <Group justify="center" gap="xs">
            <IconAlertTriangle size={18} />
            <Text>{t('session_page.no_match')}</Text>
          </Group>
        </Paper>
      ) : (
        <RollList
          entries={visible}
          startedAt={session.started_at.at}
          highlightMinutes={session.highlight_after_minutes}
          now={now}
          disabled={ended}
          onMark={queue.mark}
        />
      )}

      <AddPersonModal sessionId={sessionId} opened={adding} onClose={() => setAdding(false)} />
      <EndSessionModal
        sessionId={sessionId}
        sessionName={session.name}
        permissions={permissions.data}
        opened={ending}
        onClose={() => setEnding(false)}
      />
    </Stack>
  );
}
