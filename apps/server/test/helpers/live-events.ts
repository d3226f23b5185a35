// What the live feed (modules/visits/live-feed.ts) told a company's open dashboards: it gathers
// changes for a moment, so a test flushes it before looking. The feed sends only to this node's
// sockets and reads nothing while none is there: a test watching it without sockets has a member who
// sees visits, not the whole company, connected (its rooms by topic), and so is sent ids.
import { vi } from 'vitest';
import { entityAllRoom, entityTopicRoom } from '@app/shared/realtime/events';
import type { App } from '../../src/app';

type Sent = { room: string; event: string; payload: Record<string, unknown>; except?: string };

export function watchLiveEvents(app: App) {
  const spy = vi.spyOn(app.realtime, 'toLocalRoom');
  const has = app.realtime.hasLocalListeners.bind(app.realtime);
  const listeners = vi
    .spyOn(app.realtime, 'hasLocalListeners')
    .mockImplementation((room) => room.endsWith(':visits') || has(room));
  const sent = async (): Promise<Sent[]> => {
    await app.liveFeed.flush();
    return spy.mock.calls.map(([room, event, payload, except]) => ({
      room,
      event,
      payload,
      except,
    }));
  };
  return {
    /**
     * The `updateVisits` events with ids only, to the members limited to some sites or user types (or
     * to every member, while nobody who sees the whole company is connected).
     */
    async visitIds(entityId: string) {
      return (await sent())
        .filter((s) => s.event === 'updateVisits' && s.room === entityTopicRoom(entityId, 'visits'))
        .map((s) => s.payload);
    },
    /** The `updateVisits` events with rows, to the members who see the whole company. */
    async visitRows(entityId: string) {
      return (await sent())
        .filter((s) => s.event === 'updateVisits' && s.room === entityAllRoom(entityId))
        .map((s) => s.payload);
    },
    /** The `dashboardCounts` events to the members who see the whole company. */
    async counts(entityId: string) {
      return (await sent())
        .filter((s) => s.event === 'dashboardCounts' && s.room === entityAllRoom(entityId))
        .map((s) => s.payload);
    },
    restore: () => {
      spy.mockRestore();
      listeners.mockRestore();
    },
  };
}
