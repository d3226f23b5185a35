import { and, eq, inArray } from 'drizzle-orm';
import { announcementState } from '@app/shared/announcements/state';
import { fromLocalDateTime, toLocalDateTime } from '@app/shared/announcements/times';
import { safeTimeZone } from '@app/shared/time-zones';
import { newId } from '../../lib/ids';
import { sanitizeAnnouncementHtml } from '../../modules/announcements/sanitize';
import type { Executor } from '../../db/client';
import { announcementUserTypes, announcements, entities, userTypes } from '../../db/schema/index';

// The demo company's announcements: a pinned welcome that is showing, an urgent fire drill still to
// come, a message the kiosks read aloud to visitors, and one that has run its course. Times are set
// from the moment of seeding, on the company's clock, so the demo looks the same whenever it starts.

type DemoAnnouncement = {
  text: string;
  url?: string;
  types?: string[];
  urgent?: boolean;
  pinned?: boolean;
  verbal?: boolean;
  /** Days from today and a time on the company's clock. */
  publish: [days: number, time: string];
  expires: [days: number, time: string];
};

const DEMO: DemoAnnouncement[] = [
  {
    text:
      '<p><strong>Welcome to Demo Company!</strong> Our front desk is open <span style="color:#1c7ed6">07:30–19:00</span>, Monday to Friday.</p>' +
      '<ul><li><p>Sign in at a kiosk or with your QR pass.</p></li><li><p>Wear your badge where it can be seen.</p></li></ul>',
    url: 'https://example.com/visitor-guide',
    pinned: true,
    publish: [-7, '08:00'],
    expires: [60, '18:00'],
  },
  {
    text:
      '<p style="text-align:center"><strong><span style="color:#e03131">Fire drill</span></strong></p>' +
      '<p>The alarm will sound at <strong>10:00</strong>. Leave by the nearest exit and gather at assembly point B in the car park. Do not use the lifts.</p>',
    urgent: true,
    types: ['Staff', 'Interns', 'Contractors'],
    publish: [2, '09:30'],
    expires: [2, '11:00'],
  },
  {
    text: '<p>Hello and welcome. Please sign in at the kiosk, then take a seat: your host has been told you are here.</p>',
    verbal: true,
    types: ['Visitors', 'Delivery'],
    publish: [-1, '07:00'],
    expires: [30, '19:00'],
  },
  {
    text: '<p>The car park is being resurfaced this weekend. Please park on Level 2 of the tower garage.</p>',
    types: ['Staff'],
    publish: [-21, '08:00'],
    expires: [-14, '20:00'],
  },
];

function localDay(now: Date, timeZone: string, days: number, time: string): Date {
  const today = toLocalDateTime(now, timeZone).slice(0, 10);
  const base = new Date(`${today}T00:00:00Z`);
  base.setUTCDate(base.getUTCDate() + days);
  return fromLocalDateTime(`${base.toISOString().slice(0, 10)}T${time}`, timeZone)!;
}

export async function seedDemoAnnouncements(tx: Executor, entityId: string): Promise<void> {
  const [entity] = await tx.select({ timezone: entities.timezone }).from(entities).where(eq(entities.id, entityId));
  const timeZone = safeTimeZone(entity?.timezone);
  const names = [...new Set(DEMO.flatMap((a) => a.types ?? []))];
  const types = await tx
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .where(and(eq(userTypes.entityId, entityId), inArray(userTypes.name, names)));
  const typeId = new Map(types.map((t) => [t.name, t.id]));
  const now = new Date();

  for (const demo of DEMO) {
    const publishAt = localDay(now, timeZone, ...demo.publish);
    const expiresAt = localDay(now, timeZone, ...demo.expires);
    const id = newId();
    await tx.insert(announcements).values({
      entityId,
      id,
      text: sanitizeAnnouncementHtml(demo.text),
      url: demo.url ?? null,
      urgent: demo.urgent ?? false,
      pinned: demo.pinned ?? false,
      verbal: demo.verbal ?? false,
      publishAt,
      expiresAt,
      status: announcementState(publishAt, expiresAt, now),
    });
    const targets = (demo.types ?? []).map((name) => typeId.get(name)).filter((v): v is string => Boolean(v));
    if (targets.length > 0) {
      await tx
        .insert(announcementUserTypes)
        .values(targets.map((userTypeId) => ({ entityId, announcementId: id, userTypeId })));
    }
  }
}
