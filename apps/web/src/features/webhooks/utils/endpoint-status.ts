import type { WebhookDisabledReason, WebhookEndpoint } from '@app/shared/webhooks/schemas';

/** Where an endpoint stands: enabled, or disabled by an admin, by a 410 Gone, or by a message that failed every retry. */
export type EndpointState = 'enabled' | WebhookDisabledReason;

export const endpointState = (endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason'>): EndpointState =>
  endpoint.enabled ? 'enabled' : (endpoint.disabled_reason ?? 'manual');

/** Whether the secret before the last rotation still signs messages (beside the current one) at `now`. */
export const previousSecretSigns = (
  endpoint: Pick<WebhookEndpoint, 'previous_secret_until'>,
  now: number = Date.now(),
): boolean => endpoint.previous_secret_until !== null && Date.parse(endpoint.previous_secret_until) > now;
