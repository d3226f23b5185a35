import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Input,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowed } from '@app/shared/access/permissions';
import type { CheckedPermit, CheckPermitQuery, PermitCheck } from '@app/shared/visit-permits/schemas';
import { DATE_INPUT_FORMAT, parseTypedDate } from '@/lib/dates';
import { useSearchText } from '@/lib/search-param';
import { useSession } from '@/lib/session';
import { useCheckPermits } from '../api/check-permits';
import { useSiteOptions } from '../api/list-site-options';
import { useUserTypeOptions } from '../api/list-user-types';
import { formatDate, hoursText, weekdayNames } from '../utils/schedule-format';
import { StatusBadge } from './assignment-status';
import { PermitSchedule } from './permit-schedule';
import { PermitSources } from './permit-sources';
import { visitText, visitTitle } from './playground-visit-verdict';
import { PersonSearchSelect, type PersonOption } from '@/components/people-picker/people-picker';
import { TimeField } from '@/components/ui/time-field';

type Kind = 'person' | 'user_type';
const OCCURRENCES = 5;

/** Why one permit does or does not let the visitor in, in words. */
function reasonText(entry: CheckedPermit, t: (key: string, vars?: Record<string, string | number>) => string) {
  const p = entry.permit;
  const schedule = (reason: CheckedPermit['schedule']['reason']) => {
    switch (reason) {
      case 'before_start':
        return t('playground.reasons.before_start', { date: formatDate(p.start_date) });
      case 'after_end':
        return t('playground.reasons.after_end', { date: formatDate(p.end_date ?? p.start_date) });
      case 'outside_hours':
        return t('playground.reasons.outside_hours', { hours: hoursText(p) });
      default:
        return t(`playground.reasons.${reason}`);
    }
  };
  if (entry.reason === 'suspended')
    return entry.schedule.allowed
      ? t('playground.reasons.suspended')
      : t('playground.reasons.suspended_and', { reason: schedule(entry.schedule.reason) });
  return schedule(entry.reason);
}

function PermitVerdict({ entry, at }: { entry: CheckedPermit; at: string }) {
  const { t, i18n } = useTranslation('visit-permits');
  const names = weekdayNames(i18n.language);
  const weekday = (date: string) => names[((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1];
  const moment = Date.parse(at);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="playground-permit"
      data-name={entry.permit.name}
      data-allowed={entry.allowed ? 'true' : 'false'}
      data-reason={entry.reason}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} miw={0}>
            <Text fw={600}>{entry.permit.name}</Text>
            <PermitSchedule schedule={entry.permit} withDates />
          </Stack>
          <Badge
            size="lg"
            variant="light"
            color={entry.allowed ? 'teal' : 'red'}
            leftSection={entry.allowed ? <IconCircleCheck size={14} /> : <IconCircleX size={14} />}
            style={{ textTransform: 'none', flex: 'none' }}
            data-testid="playground-permit-verdict"
          >
            {reasonText(entry, t)}
          </Badge>
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('playground.from')}
          </Text>
          <PermitSources sources={entry.sources} />
          <StatusBadge status={entry.status} testId="playground-permit-status" />
        </Group>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {entry.next_occurrences.length ? t('playground.next') : t('playground.no_next')}
          </Text>
          {entry.next_occurrences.map((o) => {
            const now = Date.parse(o.starts_at) <= moment && moment < Date.parse(o.ends_at);
            return (
              <Group key={o.date} gap={6} data-testid="playground-occurrence">
                <Text size="sm">
                  {weekday(o.date)} <bdi>{formatDate(o.date)}</bdi> · <bdi>{`${o.start_time}–${o.end_time}`}</bdi>
                </Text>
                {now && (
                  <Badge size="xs" color="teal" variant="filled">
                    {t('playground.under_way')}
                  </Badge>
                )}
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

function Result({ result }: { result: PermitCheck }) {
  const { t } = useTranslation('visit-permits');
  const when = { date: formatDate(result.local_date), time: result.local_time, timezone: result.timezone };
  // With a site: the verdict a visit there gets, by the rule every sign-in and expected visit follows.
  const visit = result.visit;
  const allowed = visit ? visit.allowed : result.allowed;
  return (
    <Stack gap="md" data-testid="playground-result" data-allowed={result.allowed ? 'true' : 'false'}>
      <Card
        withBorder
        radius="md"
        padding="lg"
        data-testid={visit ? 'playground-visit' : undefined}
        data-allowed={visit ? String(visit.allowed) : undefined}
      >
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" color={allowed ? 'teal' : 'red'}>
            {allowed ? <IconCircleCheck size={28} /> : <IconCircleX size={28} />}
          </ThemeIcon>
          <Stack gap={4} miw={0}>
            <Title order={3} data-testid="playground-verdict">
              {visit ? visitTitle(visit, t) : allowed ? t('playground.allowed') : t('playground.not_allowed')}
            </Title>
            <Text size="sm" data-testid={visit ? 'playground-visit-message' : undefined}>
              {visit
                ? visitText(visit, t)
                : result.allowed
                  ? t('playground.allowed_body', { name: result.subject.name, ...when })
                  : result.permits.length === 0
                    ? t('playground.no_permits', { name: result.subject.name })
                    : t('playground.not_allowed_body', { name: result.subject.name, ...when })}
            </Text>
            {result.allowed && (
              <Text size="sm" fw={500} data-testid="playground-allowed-by">
                {t('playground.allowed_by', { permits: result.allowed_by.map((p) => p.name).join(', ') })}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>
      {result.adjusted && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="playground-adjusted">
          {t('playground.adjusted', when)}
        </Alert>
      )}
      {result.permits.map((entry) => (
        <PermitVerdict key={entry.permit.id} entry={entry} at={result.at} />
      ))}
    </Stack>
  );
}

/**
 * /vp/playground (SPEC-NOTES): pick a person or a user type and a date and time on the company's
 * clock; see whether a permit allows the visit, which one, why the others do not, and what comes next.
 */
export function VisitPermitPlaygroundPage() {
  const { t } = useTranslation('visit-permits');
  const personParam = useSearchText('person');
  const typeParam = useSearchText('user_type');
  const siteParam = useSearchText('site');
  const permissions = useSession()?.permissions;
  const canListTypes = isAllowed(permissions, 'show_user_types_list');
  const canListSites = isAllowed(permissions, 'sites_devices');
  const [kind, setKind] = useState<Kind>(typeParam ? 'user_type' : 'person');
  const [person, setPerson] = useState<PersonOption | null>(
    personParam ? { id: personParam, full_name: '', email: null } : null,
  );
  const [typeId, setTypeId] = useState<string | null>(typeParam);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [siteId, setSiteId] = useState<string | null>(siteParam);
  const types = useUserTypeOptions(canListTypes);
  const sites = useSiteOptions(canListSites);

  const subject =
    kind === 'person' ? (person ? { person_id: person.id } : null) : typeId ? { user_type_id: typeId } : null;
  // Both a date and a time, or neither (now); a half-chosen moment waits.
  const moment = date && time ? { date, time } : !date && !time ? {} : null;
  const query: CheckPermitQuery | null =
    subject && moment
      ? { ...subject, ...(siteId ? { site_id: siteId } : {}), ...moment, occurrences: OCCURRENCES }
      : null;
  const check = useCheckPermits(query);
  const result = query ? check.data : undefined;
  // A person opened from a link is known by id only until the check names them.
  const personValue =
    person && !person.full_name && result?.subject.id === person.id
      ? { ...person, full_name: result.subject.name }
      : person;

  return (
    <Stack gap="lg" maw={960} data-testid="playground-page">
      <Stack gap={4}>
        <Title order={2}>{t('playground.title')}</Title>
        <Text c="dimmed">{t('playground.description')}</Text>
      </Stack>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Input.Wrapper label={t('playground.who')}>
            <SegmentedControl
              mt={4}
              value={kind}
              onChange={setKind}
              data={[
                { value: 'person', label: t('playground.person') },
                { value: 'user_type', label: t('playground.user_type') },
              ]}
              data-testid="playground-kind"
            />
          </Input.Wrapper>
          {kind === 'person' ? (
            <PersonSearchSelect
              label={t('playground.person')}
              value={personValue}
              onChange={setPerson}
              testId="playground-person"
            />
          ) : (
            <Select
              label={t('playground.user_type')}
              description={canListTypes ? undefined : t('assign.types_no_access')}
              placeholder={t('assign.types_placeholder')}
              data={(types.data?.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
              value={typeId}
              onChange={setTypeId}
              searchable
              disabled={!canListTypes}
              comboboxProps={{ withinPortal: true }}
              data-testid="playground-user-type"
            />
          )}
          <Select
            label={t('playground.site')}
            description={canListSites ? t('playground.site_hint') : t('playground.sites_no_access')}
            placeholder={t('playground.site_placeholder')}
            data={(sites.data?.data ?? []).map((site) => ({ value: site.id, label: site.name }))}
            value={siteId}
            onChange={setSiteId}
            searchable
            clearable
            disabled={!canListSites}
            comboboxProps={{ withinPortal: true }}
            data-testid="playground-site"
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <DateInput
              label={t('playground.date')}
              placeholder={t('playground.now')}
              valueFormat={DATE_INPUT_FORMAT}
              dateParser={parseTypedDate}
              clearable
              value={date}
              onChange={setDate}
              error={time && !date ? t('playground.need_date') : undefined}
              data-testid="playground-date"
            />
            <TimeField
              label={t('playground.time')}
              format="24h"
              withDropdown
              minutesStep={5}
              clearable
              dir="ltr"
              value={time}
              onChange={setTime}
              error={date && !time ? t('playground.need_time') : undefined}
              data-testid="playground-time"
            />
            <Input.Wrapper label={<span aria-hidden>&nbsp;</span>}>
              <Button
                variant="default"
                fullWidth
                leftSection={<IconClockHour4 size={16} />}
                onClick={() => {
                  setDate(null);
                  setTime('');
                }}
                disabled={!date && !time}
                data-testid="playground-now"
              >
                {t('playground.use_now')}
              </Button>
            </Input.Wrapper>
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {result ? t('playground.clock', { timezone: result.timezone }) : t('playground.clock_hint')}
          </Text>
        </Stack>
      </Card>

      {!subject ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="playground-choose">
          {t('playground.choose')}
        </Text>
      ) : check.isFetching && !result ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : result ? (
        <Result result={result} />
      ) : null}
    </Stack>
  );
}
