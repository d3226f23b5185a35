import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClipboardList,
  IconHourglassHigh,
  IconRefresh,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JourneyStage } from '@app/shared/visits/stages';
import type { OnlineCompliance, VisitByLink } from '@app/shared/pre-registration/schemas';
import { notifySuccess } from '@/lib/notify';
import { useAnswerOnlineCompliance } from '../api/answer-online-compliance';
import {
  allAnswered,
  emptyDraft,
  isOpen,
  missingRequired,
  responsesBody,
  type Draft,
  type OnlineItem,
} from '../utils/compliance-answers';
import { readRefusal } from '../utils/refusal';
import { AcceptanceCompliance } from './acceptance-compliance';
import { ComplianceNotes } from './compliance-notes';
import { AnswerStatusBadge, statusColor } from './compliance-status';
import { QuestionCompliance } from './question-compliance';
import { VaccineCompliance } from './vaccine-compliance';
import { VisitSummary } from './visit-summary';

type ComplianceJourneyProps = {
  token: string;
  compliance: OnlineCompliance;
  visit: VisitByLink | null;
  onExpired: (message: string | null) => void;
};

const STAGE_LOOK: Partial<Record<JourneyStage, { color: string; icon: typeof IconCircleCheck }>> = {
  compliance_pending: { color: 'indigo', icon: IconClipboardList },
  compliance_failed: { color: 'red', icon: IconAlertTriangle },
  awaiting_approval: { color: 'orange', icon: IconHourglassHigh },
  awaiting_approval_compliance_failed: { color: 'red', icon: IconAlertTriangle },
};

function formatInstant(iso: string, language: string, timezone: string | null) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timezone ?? undefined,
    }).format(date);
  } catch {
    return date.toLocaleString(language);
  }
}

/** A compliance answered already: its status, when, until when it counts; a failed one may be answered again. */
function AnsweredLine({ item, timezone, onAgain }: { item: OnlineItem; timezone: string | null; onAgain: () => void }) {
  const { t, i18n } = useTranslation('pre-registration');
  const answer = item.answer!;
  return (
    <Stack gap={6} data-testid={`compliance-done-${item.id}`}>
      <Group gap="xs">
        <AnswerStatusBadge status={answer.status} testId={`compliance-status-${item.id}`} />
        {item.format === 'vaccine' && answer.vaccine_status !== 'not_applicable' && (
          <Badge variant="outline" color="gray" tt="none">
            {t(`vaccine_status.${answer.vaccine_status}`)}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('compliance.answered_at', { date: formatInstant(answer.answered_at, i18n.language, timezone) })}
        {answer.valid_until
          ? ` · ${t('compliance.valid_until', { date: formatInstant(answer.valid_until, i18n.language, timezone) })}`
          : ''}
      </Text>
      {answer.status === 'failed' && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={onAgain}
            data-testid={`compliance-again-${item.id}`}
          >
            {t('compliance.answer_again')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The visit's compliance journey answered online (/online-compliance/:id, /c/:visitUrl/:code): each
 * compliance the flow asks in its format; what already counts (within its frequency) shows as done.
 */
export function ComplianceJourney({ token, compliance, visit, onExpired }: ComplianceJourneyProps) {
  const { t } = useTranslation('pre-registration');
  const answer = useAnswerOnlineCompliance(token);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [reopened, setReopened] = useState<ReadonlySet<string>>(new Set());
  const [showMissing, setShowMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const items = compliance.compliances;
  const timezone = visit?.timezone ?? null;

  const draftOf = (id: string) => drafts[id] ?? emptyDraft();
  const change = (id: string, patch: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [id]: { ...(all[id] ?? emptyDraft()), ...patch } }));

  const openItems = items.filter((item) => item.format !== 'vaccine' && isOpen(item, reopened));
  const missing = missingRequired(items, drafts, reopened);
  const done = allAnswered(items);
  const stage = compliance.stage;
  const look = stage ? STAGE_LOOK[stage] : undefined;

  const send = async () => {
    setFailure(null);
    setShowMissing(true);
    const responses = responsesBody(items, drafts, reopened);
    if (missing.length > 0) return;
    if (responses.length === 0) {
      setFailure(t('compliance.nothing_to_send'));
      return;
    }
    try {
      await answer.mutateAsync({ token, body: { responses } });
      setReopened(new Set());
      setDrafts({});
      setShowMissing(false);
      notifySuccess(t('compliance.saved'));
    } catch (error) {
      const refusal = readRefusal(error, t('errors.send_failed'));
      if (refusal.expired) return onExpired(refusal.expired.message);
      setFailure(refusal.message ?? Object.values(refusal.fields).join('\n'));
    }
  };

  return (
    <Stack gap="lg" data-testid="compliance-journey">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('compliance.title')}
        </Title>
        <Text c="dimmed">{t('compliance.intro', { company: visit?.company?.name ?? '' })}</Text>
      </Stack>

      {visit && !visit.visitMetadata.is_expired && <VisitSummary visit={visit} title={t('compliance.visit_title')} />}

      {done ? (
        <Alert
          color="teal"
          variant="light"
          radius="lg"
          icon={<IconCircleCheck size={22} />}
          title={t('compliance.all_done_title')}
          data-testid="compliance-all-done"
        >
          {stage ? t(`stage.${stage}`) : t('compliance.all_done')}
        </Alert>
      ) : (
        stage &&
        look && (
          <Alert
            color={look.color}
            variant="light"
            radius="lg"
            icon={<look.icon size={22} />}
            data-testid="compliance-stage"
            data-stage={stage}
          >
            {t(`stage.${stage}`)}
          </Alert>
        )
      )}

      {items.length === 0 && (
        <Text c="dimmed" ta="center" data-testid="compliance-nothing">
          {t('compliance.nothing')}
        </Text>
      )}

      {items.map((item, index) => {
        const draft = draftOf(item.id);
        const open = isOpen(item, reopened);
        const flagged = showMissing && missing.includes(item.id);
        return (
          <Paper
            key={item.id}
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            shadow="xs"
            style={flagged ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
            data-testid={`compliance-item-${item.id}`}
          >
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                  <ThemeIcon
                    variant="light"
                    radius="xl"
                    size={32}
                    color={open || !item.answer ? 'indigo' : statusColor(item.answer.status)}
                  >
                    {open || !item.answer ? (
                      <Text fw={700} size="sm">
                        {index + 1}
                      </Text>
                    ) : item.answer.status === 'failed' ? (
                      <IconX size={18} />
                    ) : (
                      <IconCircleCheck size={18} />
                    )}
                  </ThemeIcon>
                  <Stack gap={2} miw={0}>
                    <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                      {item.name}
                    </Title>
                    <Text size="xs" c="dimmed">
                      {t('compliance.asked', { frequency: t(`compliances:frequencies.${item.frequency}`) })}
                    </Text>
                  </Stack>
                </Group>
                <Badge variant="light" color={item.required ? 'indigo' : 'gray'} tt="none" style={{ flexShrink: 0 }}>
                  {item.required ? t('compliance.required') : t('compliance.optional')}
                </Badge>
              </Group>
              {!open ? (
                <AnsweredLine
                  item={item}
                  timezone={timezone}
                  onAgain={() => setReopened((set) => new Set([...set, item.id]))}
                />
              ) : item.format === 'vaccine' ? (
                <VaccineCompliance token={token} item={item} timezone={timezone} onExpired={onExpired} />
              ) : (
                <>
                  {item.format === 'question' ? (
                    <QuestionCompliance
                      item={item}
                      draft={draft}
                      onAnswer={(q, a) => change(item.id, { answers: { ...draft.answers, [q]: a } })}
                      error={flagged}
                    />
                  ) : (
                    <AcceptanceCompliance
                      token={token}
                      item={item}
                      draft={draft}
                      onAccepted={(accepted) => change(item.id, { accepted })}
                      error={flagged}
                    />
                  )}
                  <ComplianceNotes item={item} draft={draft} onNotes={(notes) => change(item.id, { notes })} />
                </>
              )}
            </Stack>
          </Paper>
        );
      })}

      {showMissing && missing.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="compliance-missing">
          {t('compliance.missing', {
            names: items
              .filter((i) => missing.includes(i.id))
              .map((i) => i.name)
              .join(', '),
          })}
        </Alert>
      )}
      {failure && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          data-testid="compliance-failure"
          style={{ whiteSpace: 'pre-line' }}
        >
          {failure}
        </Alert>
      )}
      {openItems.length > 0 && (
        <Button
          size="md"
          fullWidth
          leftSection={<IconSend size={18} />}
          onClick={() => void send()}
          loading={answer.isPending}
          data-testid="compliance-submit"
        >
          {t('compliance.submit')}
        </Button>
      )}
    </Stack>
  );
}
