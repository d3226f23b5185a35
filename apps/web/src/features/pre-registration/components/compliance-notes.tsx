import { Badge, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPLIANCE_LIMITS } from '@app/shared/compliances/schemas';
import { liveStatus, NOTES_MIN, notesProgress, type Draft, type OnlineItem } from '../utils/compliance-answers';
import { statusColor } from './compliance-status';

type ComplianceNotesProps = { item: OnlineItem; draft: Draft; onNotes: (notes: string) => void };

/**
 * Notes with the spec's rule applied as they are typed (§4 "Compliance answer status"): a wrong answer
 * with notes of 20 characters or more is justified, with fewer it fails.
 */
export function ComplianceNotes({ item, draft, onNotes }: ComplianceNotesProps) {
  const { t } = useTranslation('pre-registration');
  const progress = notesProgress(draft.notes);
  const live = liveStatus(item, draft);
  return (
    <Stack gap={6}>
      <Textarea
        label={t('compliance.notes')}
        description={t('compliance.notes_hint', { min: NOTES_MIN })}
        value={draft.notes}
        onChange={(event) => onNotes(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={COMPLIANCE_LIMITS.notesMax}
        data-testid={`compliance-notes-${item.id}`}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c={progress.enough ? 'teal.7' : 'dimmed'} data-testid={`compliance-notes-count-${item.id}`}>
          {t('compliance.notes_count', { length: progress.length, min: NOTES_MIN })}
        </Text>
        {live && (
          <Badge
            variant="light"
            size="md"
            color={statusColor(live.status)}
            tt="none"
            data-testid={`compliance-live-${item.id}`}
            data-status={live.status}
          >
            {t(live.kind === 'known' ? 'compliance.live_known' : 'compliance.live_if_wrong', {
              status: t(`status.${live.status}`),
            })}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}
