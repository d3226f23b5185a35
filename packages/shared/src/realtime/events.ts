// Typed real-time events (spec §7 "Real-time events"). Server → client names keep the spec's names.
import type { PlanId } from '../constants';

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
