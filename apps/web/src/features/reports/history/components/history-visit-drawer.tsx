import { Alert, Badge, Divider, Drawer, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryVisit } from '@app/shared/reports/history';
import { formatLocalReading } from '@/lib/dates';
import { useHistoryVisit } from '../api/get-history-visit';
import { useDurationText } from './history-columns';

/** A company-clock reading, kept left to right inside right-to-left text. */
const reading = (m: { local: string } | null) => (m ? <span dir="ltr">{formatLocalReading(m.local)}</span> : null);

/** A label and its value; nothing when there is no value. */
function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A custom field's value as words: lists joined, yes/no for toggles (kept as 1 or 0). */
function valueText(type: string | null, value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined) return '';
  if (type === 'toggleButton') return value === 1 || value === true ? yes : no;
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function Story({ visit }: { visit: HistoryVisit }) {
  const { t } = useTranslation(['reports', 'visits']);
  const duration = useDurationText();
  const none = (
    <Text size="sm" c="dimmed">
      {t('history.story.none')}
    </Text>
  );
  const fields = (list: HistoryVisit['sign_in_fields'], testId: string) =>
    list.length === 0 ? (
      none
    ) : (
      <SimpleGrid cols={2} spacing="xs" data-testid={testId}>
        {list.map((f) => (
          <Fact
            key={f.id}
            label={f.name}
            value={valueText(f.type, f.value, t('history.yes'), t('history.no')) || '—'}
          />
        ))}
      </SimpleGrid>
    );
  return (
    <Stack gap="md" data-testid="history-story">
      <Group gap="xs">
        <Badge variant="light">{t(`visits:states.${visit.state}`)}</Badge>
        {visit.stage && <Badge variant="outline">{t(`visits:stages.${visit.stage}`)}</Badge>}
      </Group>
      <Section title={t('history.story.times')}>
        <SimpleGrid cols={2} spacing="xs">
          <Fact label={t('history.columns.expected')} value={reading(visit.expected)} />
          <Fact
            label={t('history.columns.signed_in')}
            value={reading(visit.signed_in)}
            testId="history-story-arrival"
          />
          <Fact label={t('history.columns.signed_out')} value={reading(visit.signed_out)} />
          <Fact label={t('history.columns.duration')} value={duration(visit.duration_minutes)} />
          <Fact
            label={t('history.columns.signed_in_by')}
            value={visit.sign_in_source && t(`visits:sources.${visit.sign_in_source}`)}
          />
          <Fact
            label={t('history.columns.signed_out_by')}
            value={visit.sign_out_source && t(`visits:sources.${visit.sign_out_source}`)}
          />
          <Fact label={t('history.columns.late_reason')} value={visit.late_reason?.name} />
          <Fact label={t('history.columns.early_reason')} value={visit.early_reason?.name} />
          <Fact label={t('history.story.created')} value={reading(visit.created_at)} />
          <Fact label={t('history.story.confirmed_at')} value={reading(visit.confirmed_at)} />
        </SimpleGrid>
      </Section>
      <Divider />
      <Section title={t('history.story.place')}>
        <SimpleGrid cols={2} spacing="xs">
          <Fact label={t('history.columns.site')} value={visit.site.name} />
          <Fact label={t('history.columns.area')} value={visit.area.name} testId="history-story-area" />
          <Fact label={t('history.story.journey')} value={visit.journey?.name} />
          <Fact label={t('history.story.kiosk')} value={visit.kiosk?.name} />
        </SimpleGrid>
      </Section>
      <Divider />
      <Section title={t('history.story.people')}>
        <SimpleGrid cols={2} spacing="xs">
          <Fact label={t('history.columns.user_type')} value={visit.user_type?.name} />
          <Fact
            label={t('history.columns.email')}
            value={visit.person.email && <span dir="ltr">{visit.person.email}</span>}
          />
          <Fact label={t('history.columns.hosts')} value={visit.hosts.map((h) => h.full_name).join(', ')} />
          <Fact label={t('history.story.created_by')} value={visit.created_by?.full_name} />
          <Fact label={t('history.story.decided_by')} value={visit.decided_by?.full_name} />
          <Fact label={t('history.story.decided_at')} value={reading(visit.decided_at)} />
        </SimpleGrid>
        <Fact label={t('history.story.host_message')} value={visit.host_message} />
      </Section>
      <Divider />
      <Section title={t('history.story.checks')}>
        <SimpleGrid cols={2} spacing="xs">
          <Fact
            label={t('history.columns.temperature')}
            value={visit.temperature_c === null ? null : String(visit.temperature_c)}
          />
          <Fact
            label={t('history.columns.mask')}
            value={visit.mask === null ? null : visit.mask ? t('history.yes') : t('history.no')}
          />
        </SimpleGrid>
        <Fact label={t('history.story.override_reason')} value={visit.override_reason} />
        {visit.temperature_c === null && visit.mask === null && !visit.override_reason && none}
      </Section>
      <Divider />
      <Section title={t('history.story.compliances')}>
        {visit.compliances.length === 0 ? (
          none
        ) : (
          <List spacing={4} size="sm" data-testid="history-story-compliances">
            {visit.compliances.map((c) => (
              <List.Item key={c.id}>
                <Group gap="xs">
                  <Text size="sm">{c.compliance.name}</Text>
                  <Badge size="sm" variant="light" color={c.status === 'failed' ? 'red' : 'green'}>
                    {t(`history.story.answer_status.${c.status}`, { defaultValue: c.status })}
                  </Badge>
                  {c.answered && (
                    <Text size="xs" c="dimmed">
                      {t('history.story.answered', { at: formatLocalReading(c.answered.local) })}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Divider />
      <Section title={t('history.story.sign_in_fields')}>
        {fields(visit.sign_in_fields, 'history-story-sign-in-fields')}
      </Section>
      <Section title={t('history.story.sign_out_fields')}>
        {fields(visit.sign_out_fields, 'history-story-sign-out-fields')}
      </Section>
      <Divider />
      <Section title={t('history.story.notes')}>{visit.notes ? <Text size="sm">{visit.notes}</Text> : none}</Section>
      <Divider />
      <Section title={t('history.story.badge_prints')}>
        {visit.badge_prints.length === 0 ? (
          none
        ) : (
          <List spacing={4} size="sm" data-testid="history-story-prints">
            {visit.badge_prints.map((p) => (
              <List.Item key={p.id}>
                <Group gap="xs">
                  <Text size="sm">{reading(p.created)}</Text>
                  <Badge size="sm" variant="light">
                    {t(`history.story.print_status.${p.status}`, { defaultValue: p.status })}
                  </Badge>
                  {p.requested_by && (
                    <Text size="xs" c="dimmed">
                      {t('history.story.printed_by', { name: p.requested_by.full_name })}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Section>
    </Stack>
  );
}

/** A visit's whole story, beside the grid. */
export function HistoryVisitDrawer({
  visitId,
  name,
  onClose,
}: {
  visitId: string | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  const visit = useHistoryVisit(visitId);
  return (
    <Drawer
      opened={visitId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('history.story.title', { name })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="history-drawer"
    >
      {visit.isPending ? (
        <Stack gap="sm" aria-label={t('history.story.loading')}>
          <Skeleton height={24} />
          <Skeleton height={80} />
          <Skeleton height={80} />
        </Stack>
      ) : visit.isError ? (
        <Alert color="red">{t('history.story.load_failed')}</Alert>
      ) : (
        <Story visit={visit.data} />
      )}
    </Drawer>
  );
}
