// The endpoint's form: its values as typed, the body sent for them, and the messages shown under each
// field, in the words of the contract's rules (webhookEndpointBodySchema). Nothing typed is changed on
// screen: an address too long or not http(s) is said under its field, never corrected or cut.
import {
  WEBHOOK_LIMITS,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointPatch,
  type WebhookKind,
} from '@app/shared/webhooks/schemas';
import { inEventOrder, kindEvents, type WebhookEvent } from './webhook-events';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The form's fields, named as the server names them, so its refusals land under the right field. */
export type EndpointFormValues = {
  endpoint_kind: WebhookKind;
  endpoint_url: string;
  description: string;
  events: WebhookEvent[];
};

export const emptyEndpointValues = (): EndpointFormValues => ({
  endpoint_kind: 'standard',
  endpoint_url: '',
  description: '',
  events: [],
});

export const endpointFormValues = (endpoint: WebhookEndpoint): EndpointFormValues => ({
  endpoint_kind: endpoint.endpoint_kind,
  endpoint_url: endpoint.endpoint_url,
  description: endpoint.description ?? '',
  events: inEventOrder(endpoint.events),
});

/** The change for the values: the address and description trimmed, no description as null, events in order. */
export const endpointPatch = (values: EndpointFormValues): WebhookEndpointPatch => ({
  endpoint_url: values.endpoint_url.trim(),
  description: values.description.trim() || null,
  events: inEventOrder(values.events),
});

/** The body of a new endpoint: its kind (never changed later) and the rest as `endpointPatch`. */
export const endpointBody = (values: EndpointFormValues): WebhookEndpointBody => ({
  endpoint_kind: values.endpoint_kind,
  ...(endpointPatch(values) as Omit<WebhookEndpointBody, 'endpoint_kind'>),
});

/**
 * The values with another kind: its events kept where the new kind has them too. The events field shows
 * the new kind's events, so none chosen disappears out of sight.
 */
export const withKind = (values: EndpointFormValues, kind: WebhookKind): EndpointFormValues => ({
  ...values,
  endpoint_kind: kind,
  events: values.events.filter((event) => kindEvents(kind).includes(event)),
});

/** Whether an address is one the server takes: http or https, with a host. */
export function isWebhookUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return /^https?:$/.test(url.protocol) && url.hostname !== '';
}

/** The messages of the values, by the form's field names (`endpoint_url`, `description`, `events`). */
export function endpointFormErrors(values: EndpointFormValues, t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = values.endpoint_url.trim();
  if (url === '') errors.endpoint_url = t('webhooks:form.url_required');
  else if (url.length > WEBHOOK_LIMITS.urlMax)
    errors.endpoint_url = t('webhooks:form.url_too_long', { max: WEBHOOK_LIMITS.urlMax });
  else if (!isWebhookUrl(url)) errors.endpoint_url = t('webhooks:form.url_invalid');
  if (values.description.trim().length > WEBHOOK_LIMITS.descriptionMax)
    errors.description = t('webhooks:form.description_too_long', { max: WEBHOOK_LIMITS.descriptionMax });
  if (values.events.length === 0) errors.events = t('webhooks:form.events_required');
  return errors;
}

/** Whether an address is sent in the clear: said beside the field, since the messages carry people's names. */
export const isPlainHttp = (text: string): boolean => /^http:\/\//i.test(text.trim()) && isWebhookUrl(text.trim());
