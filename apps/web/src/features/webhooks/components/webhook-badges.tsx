import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconClockHour4,
  IconLinkOff,
  IconPlayerPause,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_LIMITS, type WebhookDelivery, type WebhookDeliveryStatus } from '@app/shared/webhooks/schemas';
import { attemptOutcome } from '../utils/attempt-result';
import type { EndpointState } from '../utils/endpoint-status';

// Each state has its colour, its icon and its words: colour is never the only sign. Light chips keep the
// app's darkened light-variant text (global.css: WCAG AA on the tinted ground); the waiting one is amber.

const WRAP = { label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } } as const;

const STATES: Record<EndpointState, { color: string; icon: Icon }> = {
  enabled: { color: 'teal', icon: IconCircleCheck },
  manual: { color: 'gray', icon: IconPlayerPause },
  gone: { color: 'orange', icon: IconLinkOff },
  failing: { color: 'red', icon: IconAlertTriangle },
};

/** Enabled, or disabled with why: by an admin, by a 410 Gone, or by a message that failed every retry. */
export function EndpointStatusBadge({ state }: { state: EndpointState }) {
  const { t } = useTranslation('webhooks');
  const { color, icon: StateIcon } = STATES[state];
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      leftSection={<StateIcon size={12} aria-hidden />}
      style={{ maxWidth: '100%' }}
      styles={WRAP}
      data-testid="webhook-status"
      data-state={state}
    >
      {t(`state.${state}`)}
    </Badge>
  );
}

const DELIVERY: Record<WebhookDeliveryStatus, { color: string; filled?: boolean; icon: Icon }> = {
  pending: { color: 'yellow.5', filled: true, icon: IconClockHour4 },
  succeeded: { color: 'teal', icon: IconCheck },
  failed: { color: 'red', icon: IconX },
};

/** A delivery's status: pending (waiting for its next attempt), succeeded or failed (every retry spent). */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('webhooks');
  const { color, filled, icon: StatusIcon } = DELIVERY[status];
  return (
    <Badge
      variant={filled ? 'filled' : 'light'}
      color={color}
      autoContrast={filled}
      radius="sm"
      tt="none"
      leftSection={<StatusIcon size={12} aria-hidden />}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="webhook-delivery-status"
      data-status={status}
    >
      {t(`delivery_status.${status}`)}
    </Badge>
  );
}

type Attempt = NonNullable<WebhookDelivery['last_attempt']>;

/** What an attempt came to: the status code (green for 2xx), or why no answer came, in words. */
export function AttemptResultBadge({
  attempt,
  testId = 'webhook-attempt-result',
}: {
  attempt: Pick<Attempt, 'response_status' | 'error'>;
  testId?: string;
}) {
  const { t } = useTranslation('webhooks');
  const outcome = attemptOutcome(attempt);
  if (!outcome) return null;
  const ok = outcome.kind === 'status' && outcome.ok;
  const label =
    outcome.kind === 'status'
      ? t('result.status', { code: outcome.code })
      : t(`result.errors.${outcome.error}`, { seconds: WEBHOOK_LIMITS.timeoutMs / 1000 });
  return (
    <Badge
      variant="light"
      color={ok ? 'teal' : 'red'}
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      style={{ maxWidth: '100%' }}
      styles={WRAP}
      data-testid={testId}
      data-code={outcome.kind === 'status' ? outcome.code : undefined}
      data-error={outcome.kind === 'error' ? outcome.error : undefined}
    >
      {label}
    </Badge>
  );
}
