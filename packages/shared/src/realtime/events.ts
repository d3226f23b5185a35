// Typed real-time events (spec §7 "Real-time events"). Server → client names keep the spec's names.
import type { AnnouncementState } from '../announcements/state';
import type { Occupancy } from '../capacity/schemas';
import type { PlanId } from '../constants';
import type { ExportProgressEvent, ReportExport } from '../reports/exports';
import type { ImportProgressEvent } from '../people/import';
import type { RollCounts, RollEntry } from '../emergency/schemas';
import type { Dashboard, Visit } from '../visits/schemas';
import type { VisitAction } from '../visits/stages';

export type RoleRef = { id: string; name: string };

export type ServerToClientEvents = {
  /**
   * A site or user type another admin created, to the company's owners only (spec §6), with what the
   * notice shows of it (spec §7's fetched resource: its type and name, and who created it).
   */
  updateWhenCreatedSiteOrUserType: (payload: {
    entity_user_id: string;
    permitted_by: string;
    id: string;
    new_created: true;
    entity_id: string;
    type: 'site' | 'user_type';
    name: string;
    /** Who created it (null when an API client did). */
    user_full_name: string | null;
  }) => void;
  /** Ours: kiosks whose online state changed (a heartbeat after silence), so open kiosk lists redraw. */
  updateKiosks: (payload: { kiosk_ids: string[]; online: boolean }) => void;
  /**
   * A session changed (spec's payload `sessionId`): to the sockets watching it (`emergencySessionRoom`),
   * with the roll entries that changed and the counts after, so fifty wardens' screens patch what they
   * show; to the company's emergency room (`entityEmergencyRoom`) the id and counts only, so lists
   * redraw. `ended`: the session ended.
   */
  updateEmergencySessionData: (payload: {
    sessionId: string;
    entries?: RollEntry[];
    counts?: RollCounts;
    ended?: boolean;
  }) => void;
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
   * notes), so the dashboard's counts and logbook redraw live (decision 023). A member who sees the
   * whole company gets the changed visits as the logbook shows them (`visits`; whether they may change
   * one is theirs to work out); a member limited to some sites or user types gets the ids only, and
   * reads again what their scope lets them see.
   */
  updateVisits: (payload: {
    action: VisitAction;
    visit_ids: string[];
    area_ids: string[];
    /** The changed visits, as the logbook shows them (to members who see the whole company). */
    visits?: Visit[];
    /** Those of them the change made (not there before). */
    created_ids?: string[];
  }) => void;
  /** Ours: today's counts of the whole company after visits changed, to members who see all of it (decision 023). */
  dashboardCounts: (payload: Dashboard) => void;
  /**
   * Ours: every site's and area's occupancy after visits changed (decision 054), with today's counts, to
   * members who see all of the company; members limited to some sites read their own again.
   */
  occupancy: (payload: Occupancy) => void;
  /**
   * Ours: capacity changed otherwise (a request to come in past a full place asked or decided, the
   * company's capacity settings, a place's limits): to the company's `visits` room, so occupancy reads again.
   */
  updateCapacity: (payload: { approval_ids: string[] }) => void;
  /** Ours: how far one of the requester's report exports is (to their `user:<id>` room, each batch). */
  reportExportProgress: (payload: ExportProgressEvent & { entity_id: string }) => void;
  /** Ours: one of the requester's report exports finished (done or failed), to their `user:<id>` room. */
  reportExportDone: (payload: ReportExport & { entity_id: string }) => void;
  /** Ours: how far a people import's run is (to its runner's `user:<id>` room, after batches). */
  peopleImportProgress: (payload: ImportProgressEvent) => void;
  /** Ours: a people import's run ended (done or failed), to its runner's `user:<id>` room. */
  peopleImportDone: (payload: ImportProgressEvent) => void;
  /** Ours: badge prints queued, printed, cancelled or reprinted, so an open print queue redraws. */
  updateBadgePrints: (payload: { ids: string[] }) => void;
  /** Remote requests of a kiosk were asked or moved on (decision 044): to the company's kiosks room. */
  updateKioskRequests: (payload: { kiosk_id: string; ids: string[] }) => void;
  /** Offline sign-ins or sign-outs needing review were written or resolved (decision 045): to the logbook's room. */
  updateKioskReviews: (payload: { ids: string[] }) => void;
  /** Ours: an endpoint's deliveries were attempted or its state changed (decision 052): to the webhooks room. */
  updateWebhooks: (payload: { endpoint_ids: string[] }) => void;
  joined: (payload: { entity_id: string }) => void;
  join_error: (payload: { code: string; message: string }) => void;
};

export type ClientToServerEvents = {
  join: (entityId: string) => void;
  /**
   * Ours: the session page asks for a session's live marks; the server checks that the member may
   * join that session (emergency permission, its areas) and answers with `ok`.
   */
  watchEmergencySession: (sessionId: string, ack: (result: { ok: boolean }) => void) => void;
  unwatchEmergencySession: (sessionId: string) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Every socket joined to the company: events every member may hear (its plan, its two-step policy). */
export const entityRoom = (entityId: string) => `entity:${entityId}`;
/**
 * What a company's events tell, each heard only by members whose permissions show it (the server's
 * `topicsOf`): visits (`updateVisits`), kiosks, announcements, the badge print queue.
 */
export const ENTITY_TOPICS = ['visits', 'kiosks', 'announcements', 'badge_prints', 'webhooks'] as const;
export type EntityTopic = (typeof ENTITY_TOPICS)[number];
/** The company's sockets whose member may see what a topic's events tell. */
export const entityTopicRoom = (entityId: string, topic: EntityTopic) => `entity:${entityId}:${topic}`;
/**
 * The company's sockets whose member sees the dashboard and all of the company (no site or user-type
 * limit): they get whole visit rows and today's counts.
 */
export const entityAllRoom = (entityId: string) => `entity:${entityId}:all`;
export const userRoom = (userId: string) => `user:${userId}`;
/** The company's sockets whose member owns it: they hear what other admins create (spec §6). */
export const entityOwnersRoom = (entityId: string) => `entity:${entityId}:owners`;
/** The company's sockets whose member has the emergency permission (session started/ended notices). */
export const entityEmergencyRoom = (entityId: string) => `entity:${entityId}:emergency`;
/** The sockets watching one emergency session's page (its marks, live). */
export const emergencySessionRoom = (sessionId: string) => `emergency:${sessionId}`;
/** The sockets of one browser session (server-side only: a session ends, its sockets close). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
