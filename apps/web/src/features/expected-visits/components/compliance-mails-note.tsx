import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ComplianceMails } from '@app/shared/visits/schemas';
import { formatClockReading } from '../utils/expected-visits-query';

/** "27/11 14:00": upcoming visits are days away, so the row leaves out the year; the hover has it. */
const short = (local: string) => formatClockReading(local).replace(/^(\d{2}\/\d{2})\/\d{4}/, '$1');

type Line = { label: string; at: string | null };

/**
 * What went to the visitor about the visit's online compliance (spec §5): when the link went (or will),
 * how many reminders followed, and when the next is due. Nothing when none went or will go. A line may
 * wrap between its words and its time, never inside the time.
 */
export function ComplianceMailsNote({ mails }: { mails: ComplianceMails | null }) {
  const { t } = useTranslation('expected-visits');
  if (!mails) return null;
  const lines: Line[] = [];
  if (mails.link_sent) lines.push({ label: t('compliance_mails.link_sent'), at: mails.link_sent.local });
  else if (mails.next_due) lines.push({ label: t('compliance_mails.link_due'), at: mails.next_due.local });
  if (mails.reminders_sent > 0) {
    lines.push({ label: t('compliance_mails.reminders', { count: mails.reminders_sent }), at: null });
  }
  if (mails.link_sent && mails.next_due) {
    lines.push({ label: t('compliance_mails.next_reminder'), at: mails.next_due.local });
  }
  if (lines.length === 0) return null;
  const title = [
    t('compliance_mails.title'),
    ...lines.map((l) => (l.at ? `${l.label} \u2066${formatClockReading(l.at)}\u2069` : l.label)),
  ].join('\n');
  return (
    <Stack gap={0} miw={0} maw="100%" title={title} data-testid="expected-visit-compliance-mails">
      {lines.map((line) => (
        <Text key={line.label} size="xs" c="dimmed" lh={1.3}>
          {line.label}
          {line.at && (
            <>
              {' '}
              <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {short(line.at)}
              </bdi>
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}
