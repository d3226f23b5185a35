import { Badge, Button, Group, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBan, IconCheck, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Screening } from '@app/shared/watchlist/schemas';
import { formatDateTime, formatLocalReading } from '@/lib/dates';
import { bidiIsolate, reasonPhrases } from '../utils/match-phrases';
import { decisionsFor, type ScreeningDecision } from '../utils/screening-decisions';
import { BreakableEmail } from './breakable-email';
import { LevelBadge, OutcomeBadge } from './watchlist-badges';

type ScreeningsTableProps = {
  screenings: readonly Screening[];
  /** Another page or outcome is being read while these rows are still shown. */
  fetching: boolean;
  onDecide: (screening: Screening, decision: ScreeningDecision) => void;
};

const DECISION_BUTTONS: Record<ScreeningDecision, { color: string; variant: string; icon: typeof IconCheck }> = {
  approve: { color: 'teal.9', variant: 'light', icon: IconCheck },
  reject: { color: 'red.9', variant: 'light', icon: IconBan },
  not_a_match: { color: 'gray', variant: 'default', icon: IconUserX },
};

/** When (on the company's clock) and the way in. */
function WhenCell({ screening }: { screening: Screening }) {
  const { t } = useTranslation('watchlist');
  return (
    <Stack gap={2}>
      <Text size="sm" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }} data-testid="screening-when">
        {formatLocalReading(screening.at.local)}
      </Text>
      <Text size="xs" c="dimmed" data-testid="screening-way">
        {t(`ways.${screening.way}`)}
      </Text>
    </Stack>
  );
}

/** Who was screened, by the details they came with. */
function PersonCell({ screening }: { screening: Screening }) {
  const { subject } = screening;
  return (
    <Stack gap={0} miw={170}>
      <Text size="sm" fw={600} data-testid="screening-person">
        <bdi>{subject.name}</bdi>
      </Text>
      {subject.email && (
        <Text
          size="xs"
          c="dimmed"
          dir="ltr"
          ta="start"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="screening-email"
        >
          <BreakableEmail email={subject.email} />
        </Text>
      )}
      {subject.company && (
        <Text size="xs" c="dimmed">
          <bdi>{subject.company}</bdi>
        </Text>
      )}
    </Stack>
  );
}

/** The entry found, and its level when it was found; said to be removed when it is no longer listed. */
function EntryCell({ screening }: { screening: Screening }) {
  const { t } = useTranslation('watchlist');
  return (
    <Stack gap={4} align="flex-start" miw={140}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500} data-testid="screening-entry">
          <bdi>{screening.entry.full_name}</bdi>
        </Text>
        {!screening.entry.exists && (
          <Badge variant="outline" color="gray.7" size="sm" tt="none" data-testid="screening-entry-removed">
            {t('screenings.entry_removed')}
          </Badge>
        )}
      </Group>
      <LevelBadge level={screening.level} />
    </Stack>
  );
}

/** Why it matched: the score, and each reason as a phrase. */
function MatchCell({ screening }: { screening: Screening }) {
  const { t } = useTranslation('watchlist');
  const phrases = reasonPhrases(screening.reasons, t, bidiIsolate);
  return (
    <Stack gap={4} miw={220}>
      <Text size="sm" fw={600} data-testid="screening-score">
        {t('screenings.score', { score: screening.score })}
      </Text>
      <List size="sm" spacing={2} data-testid="screening-reasons">
        {phrases.map((phrase, i) => (
          <List.Item key={i} data-testid="screening-reason">
            {phrase}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The decisions still open on a screening, each opening its dialog. */
function DecisionButtons({
  screening,
  onDecide,
}: {
  screening: Screening;
  onDecide: ScreeningsTableProps['onDecide'];
}) {
  const { t } = useTranslation('watchlist');
  const decisions = decisionsFor(screening);
  if (decisions.length === 0) return null;
  return (
    <Group gap={6} mt={4}>
      {decisions.map((decision) => {
        const { color, variant, icon: DecisionIcon } = DECISION_BUTTONS[decision];
        return (
          <Button
            key={decision}
            size="compact-sm"
            variant={variant}
            color={color}
            leftSection={<DecisionIcon size={14} />}
            onClick={() => onDecide(screening, decision)}
            aria-label={t(`decision.for.${decision}`, { name: screening.subject.name })}
            style={{ whiteSpace: 'nowrap' }}
            data-testid={`screening-${decision.replace(/_/g, '-')}`}
          >
            {t(`decision.action.${decision}`)}
          </Button>
        );
      })}
    </Group>
  );
}

/** What came of it; for a decision who made it, why and until when it holds; the decisions still open. */
function OutcomeCell({ screening, onDecide }: { screening: Screening; onDecide: ScreeningsTableProps['onDecide'] }) {
  const { t } = useTranslation('watchlist');
  return (
    <Stack gap={4} align="flex-start" miw={180}>
      <OutcomeBadge outcome={screening.outcome} />
      {screening.decided_by && (
        <Text size="xs" c="dimmed" data-testid="screening-decided-by">
          {t('screenings.decided_by', { name: screening.decided_by.name })}
        </Text>
      )}
      {screening.decided_at && (
        <Text size="xs" c="dimmed" dir="ltr" ta="start" data-testid="screening-decided-at">
          {formatDateTime(screening.decided_at)}
        </Text>
      )}
      {screening.decision_reason && (
        <Text size="xs" style={{ whiteSpace: 'pre-line' }} data-testid="screening-decision-reason">
          <bdi>{screening.decision_reason}</bdi>
        </Text>
      )}
      {screening.expires_at && (
        <Text size="xs" c="dimmed" data-testid="screening-until">
          {t('screenings.until')} <span dir="ltr">{formatDateTime(screening.expires_at)}</span>
        </Text>
      )}
      <DecisionButtons screening={screening} onDecide={onDecide} />
    </Stack>
  );
}

/**
 * The screenings of one page, newest first: when and where, who, the entry found, why, what came of it,
 * and the decisions still open on it.
 */
export function ScreeningsTable({ screenings, fetching, onDecide }: ScreeningsTableProps) {
  const { t } = useTranslation('watchlist');
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="sm"
        highlightOnHover
        aria-busy={fetching || undefined}
        style={{ opacity: fetching ? 0.6 : 1 }}
        data-testid="watchlist-screenings"
      >
        <VisuallyHidden component="caption">{t('screenings.caption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('screenings.columns.when')}</Table.Th>
            <Table.Th>{t('screenings.columns.person')}</Table.Th>
            <Table.Th>{t('screenings.columns.entry')}</Table.Th>
            <Table.Th w="34%">{t('screenings.columns.match')}</Table.Th>
            <Table.Th>{t('screenings.columns.outcome')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {screenings.map((screening) => (
            <Table.Tr
              key={screening.id}
              data-testid="screening-row"
              data-id={screening.id}
              data-person={screening.subject.name}
              data-entry={screening.entry.full_name}
              data-outcome={screening.outcome}
            >
              <Table.Td>
                <WhenCell screening={screening} />
              </Table.Td>
              <Table.Td>
                <PersonCell screening={screening} />
              </Table.Td>
              <Table.Td>
                <EntryCell screening={screening} />
              </Table.Td>
              <Table.Td>
                <MatchCell screening={screening} />
              </Table.Td>
              <Table.Td>
                <OutcomeCell screening={screening} onDecide={onDecide} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
