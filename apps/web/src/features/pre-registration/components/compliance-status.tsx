import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerStatus } from '@app/shared/compliances/answer-status';

export const statusColor = (status: AnswerStatus): string =>
  status === 'success' ? 'teal' : status === 'justified' ? 'yellow' : 'red';

/** Spec §4 "Compliance answer status" as a badge: success, justified or failed. */
export function AnswerStatusBadge({ status, testId }: { status: AnswerStatus; testId?: string }) {
  const { t } = useTranslation('pre-registration');
  return (
    <Badge variant="light" color={statusColor(status)} tt="none" data-testid={testId} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
