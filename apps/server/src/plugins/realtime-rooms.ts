import {
  entityAllRoom,
  entityEmergencyRoom,
  entityOwnersRoom,
  entityRoom,
  entityTopicRoom,
  ENTITY_TOPICS,
  type EntityTopic,
  type ServerEventName,
} from '@app/shared/realtime/events';
import type { AccessContext } from '../modules/access/access.types';
import { mayUse } from '../modules/access/permission-check';
import { emergencyJoinAllRoom, emergencyJoinSiteRoom } from '../modules/emergency/session-events';

// Which of a company's rooms a member's socket is in, from the member's access as it is now. A socket
// joins them at `join` and is moved again whenever the access may have changed (a role, a role's
// permissions, sites, user types, two-step), so a company's events reach only members whose
// permissions show what they tell — as the HTTP routes that show the same things would answer.

/** Whether the member may see what a topic's events tell: the permissions of the pages that show it. */
const TOPIC_ALLOWED: Record<EntityTopic, (access: AccessContext) => boolean> = {
  // The dashboard's logbook and expected visitors, and the emergency list of who is on site.
  visits: (a) => mayUse(a, 'dashboard') || (mayUse(a, 'emergency') && mayUse(a, 'show_emergency_list')),
  kiosks: (a) => mayUse(a, 'sites_devices'),
  announcements: (a) => mayUse(a, 'announcements'),
  badge_prints: (a) => mayUse(a, 'show_printer_list'),
  webhooks: (a) => mayUse(a, 'integration'),
};

/**
 * Who hears each event sent to a company with `toEntity`: every member, or only the members of a topic.
 * An event sent to a company must be listed here (the type says so).
 */
export const ENTITY_EVENT_AUDIENCE = {
  pongUpdateEntityPackage: 'members',
  pongUpdateEntityPlan: 'members',
  updateEntityTwoStepAuth: 'members',
  updateKiosks: 'kiosks',
  updateKioskRequests: 'kiosks',
  updateKioskReviews: 'visits',
  updateAnnouncementStatus: 'announcements',
  updateBadgePrints: 'badge_prints',
  updateWebhooks: 'webhooks',
  updateCapacity: 'visits',
} as const satisfies Partial<Record<ServerEventName, EntityTopic | 'members'>>;
export type EntityEventName = keyof typeof ENTITY_EVENT_AUDIENCE;

/** The room a company event goes to. */
export const roomOfEntityEvent = (entityId: string, event: EntityEventName): string => {
  const audience: EntityTopic | 'members' = ENTITY_EVENT_AUDIENCE[event];
  return audience === 'members' ? entityRoom(entityId) : entityTopicRoom(entityId, audience);
};

/**
 * The company's emergency rooms a member's sockets belong to (decision 031): the emergency room with
 * the emergency permission and either emergency screen; the rooms of the sessions they may join
 * (`pongStartSessionDiffAdmin`, …) with the sessions screen, by site unless they see every site.
 */
export function emergencyRoomsOf(access: AccessContext): string[] {
  if (!mayUse(access, 'emergency')) return [];
  const sessions = mayUse(access, 'show_emergency_sessions');
  if (!sessions && !mayUse(access, 'show_emergency_list')) return [];
  const rooms = [entityEmergencyRoom(access.entityId)];
  if (sessions) {
    if (access.siteIds === null) rooms.push(emergencyJoinAllRoom(access.entityId));
    else rooms.push(...access.siteIds.map((s) => emergencyJoinSiteRoom(access.entityId, s)));
  }
  return rooms;
}

/** Every company room a member's socket belongs to now (`entity:<id>` and its sub-rooms). */
export function companyRoomsOf(access: AccessContext): string[] {
  const id = access.entityId;
  const rooms = [entityRoom(id)];
  for (const topic of ENTITY_TOPICS) if (TOPIC_ALLOWED[topic](access)) rooms.push(entityTopicRoom(id, topic));
  // Whole visit rows and today's counts: the dashboard, over the whole company.
  if (mayUse(access, 'dashboard') && access.siteIds === null && access.userTypeIds === null)
    rooms.push(entityAllRoom(id));
  if (access.actor.kind === 'user' && access.actor.isOwner) rooms.push(entityOwnersRoom(id));
  rooms.push(...emergencyRoomsOf(access));
  return rooms;
}

/** A company room (`entity:<id>` or one of its sub-rooms), as opposed to a person's or a watch's. */
export const isCompanyRoom = (room: string) => room.startsWith('entity:');
