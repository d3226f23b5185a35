// Typed real-time events (spec §7 "Real-time events"). Server → client names keep the spec's names.
import type { AnnouncementState } from '../announcements/state';
import type { PlanId } from '../constants';
import type { VisitAction } from '../visits/stages';

export type RoleRef = { id: string; name: string };

export type ServerToClientEvents = {
  updateWhenCreatedSiteOrUserType: (payload: { entity_user_id: string; permitted_by: string; id: string }) => void;
  updateEmergencySessionData: (payload: { sessionId: string }) => void;
  pongUpdateEntityPackage: (payload: { action: 'upgrade' | 'downgrade'; entityPlan: PlanId; package: string }) => void;
  pongUpdateEntityPlan: (payload: { entityPlan: PlanId; package: string }) => void;
  pongUpdateUserRole: (payload: {
    user_id: string;
    entity: string;
    oldRole: RoleRef;
    newRole: RoleRef;
    siteNames: string[];
    userTypeNames: string[];
  }) => void;
  pongStartSessionDiffAdmin: (payload: {
    sessionId: string;
    sessionName: string;
    user: { email: string; fullName: string };
  }) => void;
  pongEndSessionDiffAdmin: (payload: {
    sessionId: string;
    sessionName: string;
    userIdEnded: string;
    userName: string;
  }) => void;
  updateEntityTwoStepAuth: (payload: { entity_id: string; updated_by: string }) => void;
  updateUserTwoStepAuth: (payload: { isOtpEnabled: boolean; user_id: string }) => void;
  /** Ours: announcements whose state changed on time (scheduled → active → expired), so open lists redraw. */
  updateAnnouncementStatus: (payload: { changes: { id: string; status: AnnouncementState }[] }) => void;
  /**
   * Ours: visits changed (signed in, signed out, checked in, expected, approved, rejected, deleted,
   * notes), so the dashboard's counts and logbook redraw live. Ids only: each browser reads what its
   * own scope lets it see.
   */
  updateVisits: (payload: { action: VisitAction; visit_ids: string[]; area_ids: string[] }) => void;
  joined: (payload: { entity_id: string }) => void;
  join_error: (payload: { code: string; message: string }) => void;
};

export type ClientToServerEvents = {
  join: (entityId: string) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

export const entityRoom = (entityId: string) => `entity:${entityId}`;
export const userRoom = (userId: string) => `user:${userId}`;
