// The events an endpoint can be told of, as the form groups them and the list shows them: each event
// in one group, in the contract's order, with its label and description in the catalogue under
// `events.<object>.<what happened>` (the event's own name, read as a nested key).
import {
  eventsOfKind,
  HOST_ALERT_EVENTS,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  type WebhookEndpoint,
  type WebhookKind,
  type WebhookMessageType,
} from '@app/shared/webhooks/schemas';

/** An event an endpoint can be told of: a webhook receiver's, or a chat channel's host alert. */
export type WebhookEvent = WebhookEndpoint['events'][number];

/** Every event, in the contract's order: the receivers' first, then the chat channels'. */
const ALL_EVENTS: readonly WebhookEvent[] = [...WEBHOOK_EVENTS, ...HOST_ALERT_EVENTS];

export type EventGroupId = 'visits' | 'expected_visits' | 'watchlist' | 'emergencies' | 'people' | 'hosts';

/** The object each event's name starts with, and the group the form shows it in. */
const GROUP_OF_OBJECT: Record<string, EventGroupId> = {
  visit: 'visits',
  expected_visit: 'expected_visits',
  watchlist: 'watchlist',
  emergency: 'emergencies',
  person: 'people',
  host: 'hosts',
};

const GROUP_ORDER: readonly EventGroupId[] = [
  'visits',
  'expected_visits',
  'watchlist',
  'emergencies',
  'people',
  'hosts',
];

export type EventGroup = { id: EventGroupId; events: WebhookEvent[] };

const groupsOf = (events: readonly WebhookEvent[]): EventGroup[] =>
  GROUP_ORDER.map((id) => ({
    id,
    events: events.filter((event) => GROUP_OF_OBJECT[event.split('.')[0]!] === id),
  })).filter((group) => group.events.length > 0);

/** The form's groups for an endpoint of a kind, each with its events in the contract's order. */
export const eventGroupsOf = (kind: WebhookKind): EventGroup[] => groupsOf(kindEvents(kind));

/** The events an endpoint of a kind may be told of. */
export const kindEvents = (kind: WebhookKind) => eventsOfKind(kind) as readonly WebhookEvent[];

/** Whether a delivery's event is one the catalogue names (a newer server may send others). */
export const isKnownMessageType = (event: string): event is WebhookMessageType =>
  event === WEBHOOK_TEST_EVENT || (ALL_EVENTS as readonly string[]).includes(event);

/** The events in the contract's order, each once. */
export const inEventOrder = (events: readonly WebhookEvent[]): WebhookEvent[] =>
  ALL_EVENTS.filter((event) => events.includes(event));

export type Selection = 'all' | 'some' | 'none';

/** How many of `among` are chosen: every one, some or none (a "select all" box's checked or mixed state). */
export function selectionOf(chosen: readonly WebhookEvent[], among: readonly WebhookEvent[]): Selection {
  const count = among.filter((event) => chosen.includes(event)).length;
  return count === 0 ? 'none' : count === among.length ? 'all' : 'some';
}

/** The choice with every event of `among` added (`on`) or taken away, in the contract's order. */
export const withEvents = (chosen: readonly WebhookEvent[], among: readonly WebhookEvent[], on: boolean) =>
  inEventOrder(on ? [...chosen, ...among] : chosen.filter((event) => !among.includes(event)));

/**
 * What the list shows of an endpoint's events: every event (one chip saying so), or the first `max`
 * with how many more there are.
 */
export function eventChips(
  events: readonly WebhookEvent[],
  kind: WebhookKind = 'standard',
  max = 2,
): { all: true } | { all: false; shown: WebhookEvent[]; more: number } {
  const ordered = inEventOrder(events);
  if (ordered.length === kindEvents(kind).length) return { all: true };
  // Never "+1 more": one more chip takes the room its count would.
  const shown = ordered.length <= max + 1 ? ordered : ordered.slice(0, max);
  return { all: false, shown, more: ordered.length - shown.length };
}
