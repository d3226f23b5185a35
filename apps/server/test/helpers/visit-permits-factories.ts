// Visit permits for the integration tests: a valid body, a permit added through the API, and the
// company's time zone set the way an operator would (there is no screen for it yet).
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VisitPermit } from '@app/shared/visit-permits/schemas';
import type { Executor } from '../../src/db/client';
import { entities } from '../../src/db/schema/index';
import type { TestClient } from './http-client';

export const permitBody = (over: Record<string, unknown> = {}) => ({
  name: 'Weekday contractors',
  description: 'Contractors on site on working days',
  start_date: '2026-01-05',
  end_date: null,
  start_time: '07:30',
  end_time: '18:00',
  recurrence: 'weekly',
  weekdays: [1, 2, 3, 4, 5],
  ...over,
});

export async function addPermit(client: TestClient, over: Record<string, unknown> = {}) {
  const res = await client.post('/visit-permits', permitBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<VisitPermit>();
}

export async function setCompanyTimezone(db: Executor, entityId: string, timezone: string) {
  await db.update(entities).set({ timezone }).where(eq(entities.id, entityId));
}

/**
 * A fixed-offset zone whose clock shows between 12:00 and 12:59 now, so "now" is safely inside a
 * 00:00–23:59 permit window and outside a 01:00–02:00 one whatever time the tests run.
 */
export function middayZone(now = new Date()) {
  const offset = 12 - now.getUTCHours();
  // Etc/GMT-5 is five hours ahead of UTC (the sign is inverted in these names).
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Today's date (YYYY-MM-DD) on a zone's clock. */
export const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

/** A permit allowing every day from today, 00:00–23:59 on the company clock. */
export const allDayPermit = (client: TestClient, zone: string, name = 'All day') =>
  addPermit(client, { name, start_date: todayIn(zone), recurrence: 'daily', start_time: '00:00', end_time: '23:59' });
