import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AttendanceMode, AttendanceReason } from '@app/shared/attendance/schemas';
import { withTenant, type Executor } from '../../src/db/client';
import {
  journeyFlowAttendanceModes,
  journeyFlows,
  journeys,
  memberships,
  people,
  personSites,
} from '../../src/db/schema/index';
import { newId } from '../../src/lib/ids';
import type { TestClient } from './http-client';

// What the attendance tests build through the API (sites, modes, reasons), and the journey rows they
// insert directly: the journeys screens are built elsewhere, only their link to a mode matters here.

export async function addSite(client: TestClient, name: string): Promise<{ id: string; name: string }> {
  const res = await client.post('/sites', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const modeBody = (siteIds: string[], extra: Record<string, unknown> = {}) => ({
  name: 'Office hours',
  site_ids: siteIds,
  days: [1, 2, 3, 4, 5],
  start_time: '09:00',
  end_time: '17:30',
  ...extra,
});

export async function addMode(client: TestClient, siteIds: string[], extra: Record<string, unknown> = {}) {
  const res = await client.post('/attendance-modes', modeBody(siteIds, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AttendanceMode>();
}

export async function addReason(
  client: TestClient,
  modeId: string,
  name: string,
  type: 'late_sign_in' | 'early_sign_out',
  start: string,
  minutes: number,
  code: string | null = null,
) {
  const res = await client.post(`/attendance-modes/${modeId}/reasons`, {
    name,
    type,
    start_time: start,
    duration_minutes: minutes,
    attendance_code: code,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AttendanceReason>();
}

export async function addUserType(client: TestClient, name: string): Promise<{ id: string }> {
  const res = await client.post('/user-types', {
    name,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A journey whose flow (for the user type) uses the mode, as the journeys module would save it. */
export async function useModeInJourney(
  db: Executor,
  entityId: string,
  modeId: string,
  journeyName: string,
  userTypeId: string,
) {
  return withTenant(db, entityId, async (tx) => {
    const journeyId = newId();
    const flowId = newId();
    await tx.insert(journeys).values({ entityId, id: journeyId, name: journeyName });
    await tx.insert(journeyFlows).values({ entityId, id: flowId, journeyId, userTypeId, settings: {} });
    await tx.insert(journeyFlowAttendanceModes).values({ entityId, flowId, attendanceModeId: modeId });
    return { journeyId, flowId };
  });
}

export async function dropJourney(db: Executor, entityId: string, journeyId: string) {
  await withTenant(db, entityId, (tx) => tx.delete(journeys).where(eq(journeys.id, journeyId)));
}

/** Limits a member to the given sites (spec §6 admins of assigned sites). */
export async function limitToSites(db: Executor, entityId: string, membershipId: string, siteIds: string[]) {
  await withTenant(db, entityId, async (tx) => {
    await tx.update(memberships).set({ siteScope: 'assigned' }).where(eq(memberships.id, membershipId));
    const [person] = await tx.select({ id: people.id }).from(people).where(eq(people.membershipId, membershipId));
    for (const siteId of siteIds) await tx.insert(personSites).values({ entityId, personId: person!.id, siteId });
  });
}
