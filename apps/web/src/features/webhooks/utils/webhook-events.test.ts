import { describe, expect, it } from 'vitest';
import { HOST_ALERT_EVENTS, WEBHOOK_EVENTS } from '@app/shared/webhooks/schemas';
import { eventChips, eventGroupsOf, inEventOrder, isKnownMessageType, selectionOf, withEvents } from './webhook-events';

describe('the events of an endpoint', () => {
  const EVENT_GROUPS = eventGroupsOf('standard');

  it('gives a chat channel the host alerts only, in one group', () => {
    for (const kind of ['slack', 'teams'] as const) {
      expect(eventGroupsOf(kind)).toEqual([{ id: 'hosts', events: [...HOST_ALERT_EVENTS] }]);
    }
    expect(eventChips([...HOST_ALERT_EVENTS], 'slack')).toEqual({ all: true });
    expect(isKnownMessageType('host.visitor_arrived')).toBe(true);
  });

  it('puts every event in exactly one group, in the contract order', () => {
    expect(EVENT_GROUPS.map((group) => group.id)).toEqual([
      'visits',
      'expected_visits',
      'watchlist',
      'emergencies',
      'people',
    ]);
    expect(EVENT_GROUPS.flatMap((group) => group.events)).toEqual([...WEBHOOK_EVENTS]);
    expect(EVENT_GROUPS.every((group) => group.events.length > 0)).toBe(true);
    expect(EVENT_GROUPS.find((group) => group.id === 'expected_visits')?.events).toEqual([
      'expected_visit.created',
      'expected_visit.changed',
      'expected_visit.cancelled',
      'expected_visit.approved',
      'expected_visit.rejected',
    ]);
  });

  it('knows the test message and the events, and nothing else', () => {
    expect(isKnownMessageType('webhook.test')).toBe(true);
    expect(isKnownMessageType('visit.signed_in')).toBe(true);
    expect(isKnownMessageType('visit.teleported')).toBe(false);
  });

  it('says whether all, some or none of a group are chosen, and chooses or drops them together', () => {
    const visits = EVENT_GROUPS[0]!.events;
    expect(selectionOf([], visits)).toBe('none');
    expect(selectionOf(['visit.signed_out'], visits)).toBe('some');
    expect(selectionOf(['person.created', 'visit.signed_in', 'visit.signed_out'], visits)).toBe('all');
    expect(withEvents(['person.created', 'visit.signed_out'], visits, true)).toEqual([
      'visit.signed_in',
      'visit.signed_out',
      'person.created',
    ]);
    expect(withEvents(['person.created', 'visit.signed_out'], visits, false)).toEqual(['person.created']);
    expect(withEvents([], WEBHOOK_EVENTS, true)).toEqual([...WEBHOOK_EVENTS]);
  });

  it('keeps events in the contract order, each once', () => {
    expect(inEventOrder(['person.archived', 'visit.signed_in', 'person.archived'])).toEqual([
      'visit.signed_in',
      'person.archived',
    ]);
  });

  it('shows a few events as chips and counts the rest, or says all of them', () => {
    expect(eventChips([...WEBHOOK_EVENTS])).toEqual({ all: true });
    expect(eventChips(['visit.signed_in'])).toEqual({ all: false, shown: ['visit.signed_in'], more: 0 });
    // Three fit: a "+1 more" chip would take the third one's room.
    expect(eventChips(['person.created', 'visit.signed_in', 'emergency.started'])).toEqual({
      all: false,
      shown: ['visit.signed_in', 'emergency.started', 'person.created'],
      more: 0,
    });
    expect(eventChips(['person.created', 'visit.signed_in', 'emergency.started', 'emergency.ended'])).toEqual({
      all: false,
      shown: ['visit.signed_in', 'emergency.started'],
      more: 2,
    });
  });
});
