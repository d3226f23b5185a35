import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { IntegrationStatus } from '@app/shared/integrations/status';

/** Spec §4 "Integration status", by colour: set up, working, working with problems, refused, stopped, broken. */
export const INTEGRATION_STATUS_COLORS: Record<IntegrationStatus, string> = {
  draft: 'gray',
  active: 'teal',
  active_with_errors: 'yellow',
  authentication_failed: 'red',
  inactive: 'dark',
  invalid: 'orange',
};

/** An integration's status in words. */
export function IntegrationStatusBadge({ status }: { status: IntegrationStatus }) {
  const { t } = useTranslation('integrations');
  return (
    <Badge
      variant="light"
      color={INTEGRATION_STATUS_COLORS[status]}
      tt="none"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="integration-status"
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </Badge>
  );
}
