import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { toLocalDateTime } from '@app/shared/announcements/times';
import type { Announcement } from '@app/shared/announcements/schemas';
import type { Executor } from '../../src/db/client';
import { entities } from '../../src/db/schema/index';
import type { App } from '../../src/app';
import { signIn, type TestClient } from './http-client';
import { createCompany, PASSWORD } from './world';

const MINUTE = 60_000;

/** A company (in `timezone`, UTC unless told) and its signed-in owner admin. */
export async function announcingCompany(app: App, db: Executor, timezone = 'UTC') {
  const company = await createCompany(db);
  await db.update(entities).set({ timezone }).where(eq(entities.id, company.entity.id));
  const { client } = await signIn(app, company.people.admin.email, PASSWORD);
  return { ...company, client, timezone };
}

/**
 * Waits while the clock is in the last two seconds of a minute, so a test that writes "this minute"
 * does not see it become the past before the server reads it.
 */
export async function clearOfMinuteEdge() {
  const intoMinute = Date.now() % MINUTE;
  if (intoMinute > MINUTE - 2000) await new Promise((r) => setTimeout(r, MINUTE - intoMinute + 50));
}

/** The company's clock reading `minutes` from now (negative: ago). */
export const localIn = (minutes: number, timezone: string, from = new Date()) =>
  toLocalDateTime(new Date(from.getTime() + minutes * MINUTE), timezone);

export const announcementBody = (timezone: string, extra: Record<string, unknown> = {}) => ({
  text: '<p>The <strong>lobby</strong> is being repainted this week.</p>',
  url: null,
  user_type_ids: [],
  urgent: false,
  pinned: false,
  verbal: false,
  publish_at: localIn(60, timezone),
  expires_at: localIn(120, timezone),
  ...extra,
});

export async function addAnnouncement(client: TestClient, timezone: string, extra: Record<string, unknown> = {}) {
  const res = await client.post('/announcements', announcementBody(timezone, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ message: string; data: Announcement }>().data;
}

export async function addUserType(client: TestClient, name: string, parentId: string | null = null) {
  const res = await client.post('/user-types', {
    name,
    parent_id: parentId,
    registration_method: 'registration_allowed',
    grace_period_minutes: 30,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; name: string }>();
}
