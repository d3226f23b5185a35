// Rows the journeys tests need from the compliance and attendance features, written straight into
// their tables (those features have their own screens and tests).
import { expect } from 'vitest';
import { withTenant, type Executor } from '../../src/db/client';
import { attendanceModes, attendanceModeSites, complianceVersions, compliances } from '../../src/db/schema/index';
import type { CreatedEntity } from '../../src/seed/factories';
import { newId } from '../../src/lib/ids';
import type { TestClient } from './http-client';

export async function insertCompliance(
  db: Executor,
  entity: CreatedEntity,
  name: string,
  opts: { format?: string; deleted?: boolean } = {},
) {
  const id = newId();
  const format = opts.format ?? 'statement';
  const content = { statement: `I confirm: ${name}` };
  await withTenant(db, entity.id, async (tx) => {
    await tx.insert(compliances).values({
      entityId: entity.id,
      id,
      name,
      format,
      frequency: 'every_time',
      content,
      deletedAt: opts.deleted ? new Date() : null,
    });
    await tx
      .insert(complianceVersions)
      .values({ entityId: entity.id, complianceId: id, version: 1, name, format, frequency: 'every_time', content });
  });
  return id;
}

export async function insertAttendanceMode(db: Executor, entity: CreatedEntity, name: string, siteIds: string[] = []) {
  const id = newId();
  await withTenant(db, entity.id, async (tx) => {
    await tx.insert(attendanceModes).values({
      entityId: entity.id,
      id,
      name,
      days: [1, 2, 3, 4, 5],
      startTime: '09:00',
      endTime: '17:00',
    });
    if (siteIds.length) {
      await tx
        .insert(attendanceModeSites)
        .values(siteIds.map((siteId) => ({ entityId: entity.id, attendanceModeId: id, siteId })));
    }
  });
  return id;
}

export type JourneyBody = {
  id: string;
  name: string;
  touch_mode: boolean;
  sites: { id: string; name: string; locked: boolean }[];
  user_types: { id: string; name: string; flow_id: string }[];
  flow_count: number;
  kiosk_count: number;
  logo_url: string | null;
};

export async function addJourney(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/journeys', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<JourneyBody>();
}

export async function addFlows(client: TestClient, journeyId: string, body: Record<string, unknown>) {
  const res = await client.post(`/journeys/${journeyId}/flows`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string; user_type: { id: string }; [k: string]: unknown }[] }>().data;
}
