// Emergency sessions for the roll-call tests: a session over some areas with its roll taken from the
// visits on site there (as starting one does), scoped fire wardens, a paired kiosk, and the text of a
// PDF the server wrote, line by line as drawn.
import { createHash, randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import { rowsOf, withTenant, type Executor } from '../../src/db/client';
import { memberships, people } from '../../src/db/schema/index';
import type { CreatedEntity } from '../../src/seed/factories';
import { newId } from '../../src/lib/ids';
import type { SessionDetail } from '@app/shared/emergency/schemas';
import { evacuationMailsSent } from '../../src/modules/emergency/evacuation-mails';
import { signIn, TestClient } from './http-client';
import { newestMailTo } from './mail';
import { givePersonSite } from './people-rows';
import type { VisitsWorld } from './visits-factories';
import { createPerson, PASSWORD } from './world';

export type TestSession = { id: string; tokens: Map<string, string>; rollOf: (personId: string) => string };

/**
 * A running session over `areaIds`, its roll the people on site there now (not present, each with an
 * email given their own "I am safe" token), written as starting a session writes it.
 */
export async function startSession(
  db: Executor,
  entity: CreatedEntity,
  opts: { areaIds: string[]; name?: string; isDrill?: boolean; startedAt?: Date; by?: string },
): Promise<TestSession> {
  const id = newId();
  const startedAt = opts.startedAt ?? new Date();
  const tokens = new Map<string, string>();
  const roll = new Map<string, string>();
  await withTenant(db, entity.id, async (tx) => {
    await tx.execute(sql`
      insert into emergency_sessions (entity_id, id, name, is_drill, origin, started_by_name, started_at, highlight_after_minutes)
      values (${entity.id}, ${id}, ${opts.name ?? 'Fire drill'}, ${opts.isDrill ?? true}, 'dashboard', ${opts.by ?? 'admin'},
              ${startedAt.toISOString()}::timestamptz, 5)`);
    await tx.execute(sql`
      insert into emergency_session_areas (entity_id, session_id, area_id, area_name, site_id, site_name)
      select a.entity_id, ${id}, a.id, a.name, s.id, s.name from areas a join sites s on s.entity_id = a.entity_id and s.id = a.site_id
       where a.entity_id = ${entity.id} and a.id = any(${`{${opts.areaIds.join(',')}}`}::uuid[])`);
    const visits = rowsOf<{
      visit_id: string;
      person_id: string;
      first_name: string;
      last_name: string;
      company_name: string | null;
      email: string | null;
      user_type_id: string | null;
      site_id: string;
      area_id: string;
      signed_in_at: string;
    }>(
      await tx.execute(sql`
        select v.id as visit_id, p.id as person_id, p.first_name, p.last_name, p.company_name, p.email,
               v.user_type_id, v.site_id, v.area_id, v.signed_in_at::text as signed_in_at
          from visits v join people p on p.entity_id = v.entity_id and p.id = v.person_id
         where v.entity_id = ${entity.id} and v.state = 'on_site'
           and v.area_id = any(${`{${opts.areaIds.join(',')}}`}::uuid[])`),
    );
    for (const v of visits) {
      const rollId = newId();
      const token = v.email ? randomBytes(24).toString('base64url') : null;
      if (token) tokens.set(v.person_id, token);
      roll.set(v.person_id, rollId);
      await tx.execute(sql`
        insert into emergency_roll (entity_id, id, session_id, person_id, visit_id, full_name, company_name, email,
                                    user_type_id, user_type_name, site_id, area_id, signed_in_at, status, source, marked_at,
                                    safe_token_hash)
        values (${entity.id}, ${rollId}, ${id}, ${v.person_id}, ${v.visit_id}, ${`${v.first_name} ${v.last_name}`},
                ${v.company_name}, ${v.email}, ${v.user_type_id}::uuid,
                (select name from user_types where entity_id = ${entity.id} and id = ${v.user_type_id}::uuid),
                ${v.site_id}, ${v.area_id}, ${v.signed_in_at}::timestamptz, 'not_present', 'start',
                ${startedAt.toISOString()}::timestamptz,
                ${token ? createHash('sha256').update(token).digest('hex') : null})`);
    }
  });
  return {
    id,
    tokens,
    rollOf: (personId) => {
      const r = roll.get(personId);
      if (!r) throw new Error(`${personId} is not on the roll`);
      return r;
    },
  };
}

/**
 * A session started the way a warden starts one (POST /emergency/sessions), its "I am safe" tokens
 * read from the "evacuate now" mails.
 */
export async function startSessionByApi(
  app: App,
  db: Executor,
  w: { admin: TestClient; entity: CreatedEntity },
  opts: { areaIds: string[]; name?: string; isDrill?: boolean },
): Promise<TestSession> {
  const res = await w.admin.post('/emergency/sessions', {
    name: opts.name ?? 'Fire drill',
    is_drill: opts.isDrill ?? true,
    area_ids: opts.areaIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  const detail = res.json<SessionDetail>();
  await evacuationMailsSent(app);
  const roll = new Map(detail.roll.filter((e) => e.person_id).map((e) => [e.person_id!, e.id]));
  const emails = await withTenant(db, w.entity.id, (tx) =>
    tx
      .select({ id: people.id, email: people.email })
      .from(people)
      .where(and(eq(people.entityId, w.entity.id), inArray(people.id, [...roll.keys()]))),
  );
  const tokens = new Map<string, string>();
  for (const p of emails) {
    const token = p.email ? await safeLinkMailedTo(db, p.email) : null;
    if (token) tokens.set(p.id, token);
  }
  return {
    id: detail.session.id,
    tokens,
    rollOf: (personId) => {
      const r = roll.get(personId);
      if (!r) throw new Error(`${personId} is not on the roll`);
      return r;
    },
  };
}

/**
 * The token of the "I am safe" link mailed to an address. The mails go out in the background after the
 * start: waited for here (a few seconds at most), whether or not the app still tracks them.
 */
export async function safeLinkMailedTo(db: Executor, email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const token = (await newestMailTo(db, email))?.text.match(/\/i-am-safe\/([\w-]+)/)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no "I am safe" link mailed to ${email}`);
}

/** Ends a session as ending one does (its row's end). */
export async function endSession(db: Executor, entityId: string, sessionId: string) {
  await withTenant(db, entityId, (tx) =>
    tx.execute(sql`update emergency_sessions set ended_at = now(), ended_by_name = 'admin'
                    where entity_id = ${entityId} and id = ${sessionId}`),
  );
}

/** A fire warden limited to some sites, signed in. */
export async function scopedWarden(app: App, db: Executor, entity: CreatedEntity, siteIds: string[]) {
  const user = await createPerson(db, [entity], 'fire_warden');
  const person = await withTenant(db, entity.id, async (tx) => {
    await tx
      .update(memberships)
      .set({ siteScope: 'assigned' })
      .where(and(eq(memberships.entityId, entity.id), eq(memberships.userId, user.id)));
    const [row] = await tx
      .select()
      .from(people)
      .where(and(eq(people.entityId, entity.id), eq(people.userId, user.id)));
    return row!;
  });
  for (const siteId of siteIds) await givePersonSite(db, entity, person.id, siteId);
  const { client } = await signIn(app, user.email, PASSWORD);
  return { client, user, person };
}

const randomMac = () => ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))].join(':');

/** A kiosk paired into an area the way a tablet does; answers a client acting with its device token. */
export async function pairKiosk(app: App, w: VisitsWorld, areaId: string) {
  const device = new TestClient(app);
  const code = await device.post('/public/kiosk-pairings', { mac_address: randomMac(), app_version: '3.1.0' });
  expect(code.statusCode, code.body).toBe(201);
  const { code: shown, secret } = code.json<{ code: string; secret: string }>();
  const added = await w.admin.post('/kiosks', { code: shown, name: `Kiosk ${shown}`, area_id: areaId });
  expect(added.statusCode, added.body).toBe(201);
  const status = await device.get('/public/kiosk-pairings/status', { 'x-kiosk-pairing-secret': secret });
  const headers = { authorization: `Bearer ${status.json<{ device_token: string }>().device_token}` };
  return { signOut: (body: Record<string, unknown>) => device.post('/kiosk-device/sign-out', body, headers) };
}

/**
 * The text of a PDF written by pdfkit, a line per row of text as drawn, each line's pieces left to right
 * joined by a space (a right-to-left word reads backwards here: its glyphs are drawn right to left).
 */
export function pdfLines(pdf: Buffer): string[] {
  return readPdf(pdf).lines;
}

/**
 * The PDF's lines, and every piece of text drawn with its advance in the font's thousandths of the size
 * (from the fonts' /W widths of the glyphs drawn): a shaped Arabic word is as wide as its joined forms.
 */
export function readPdf(pdf: Buffer): { lines: string[]; pieces: { text: string; units: number }[] } {
  const text = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.indexOf('stream');
    let stream: string | null = null;
    let dict = body;
    if (at >= 0) {
      dict = body.slice(0, at);
      const raw = Buffer.from(body.slice(at + 'stream'.length).replace(/^\r?\n/, ''), 'latin1');
      const end = raw.lastIndexOf('endstream');
      const bytes = raw.subarray(0, end).subarray(0, Number(/\/Length (\d+)/.exec(dict)?.[1] ?? end));
      stream = (dict.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  // Each font's glyph codes → text, by its ToUnicode map; font resource names → fonts.
  const cmaps = new Map<number, Map<number, string>>();
  const widths = new Map<number, number[]>();
  for (const [id, o] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(o.dict)?.[1];
    if (!ref) continue;
    const map = new Map<number, string>();
    for (const r of (objects.get(Number(ref))?.stream ?? '').matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const start = parseInt(r[1]!, 16);
      [...r[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((e, i) =>
        map.set(start + i, String.fromCharCode(...e[1]!.split(' ').map((h) => parseInt(h, 16)))),
      );
    }
    cmaps.set(id, map);
    // The descendant font's widths: /W [0 [w0 w1 …]].
    const descendant = /\/DescendantFonts \[(\d+) 0 R\]/.exec(o.dict)?.[1];
    const w = /\/W \[\s*0\s*\[([^\]]*)\]/.exec(objects.get(Number(descendant))?.dict ?? '')?.[1] ?? '';
    widths.set(id, w.trim().split(/\s+/).map(Number));
  }
  const fontNames = new Map<string, number>();
  for (const o of objects.values())
    for (const f of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontNames.set(f[1]!, Number(f[2]));

  const lines: string[] = [];
  const drawn: { text: string; units: number }[] = [];
  for (const o of objects.values()) {
    if (!o.stream || !o.stream.includes(' Tf')) continue;
    const pieces: { x: number; y: number; text: string }[] = [];
    for (const block of o.stream.matchAll(/BT([\s\S]*?)ET/g)) {
      const b = block[1]!;
      const tm = /([-\d.]+) ([-\d.]+) Tm/.exec(b);
      const fontId = fontNames.get(/\/(F\d+) [\d.]+ Tf/.exec(b)?.[1] ?? '') ?? -1;
      const font = cmaps.get(fontId) ?? new Map<number, string>();
      const hex = [...b.matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]!).join('');
      let decoded = '';
      let units = 0;
      for (let i = 0; i < hex.length; i += 4) {
        const code = parseInt(hex.slice(i, i + 4), 16);
        decoded += font.get(code) ?? '?';
        units += widths.get(fontId)?.[code] ?? 0;
      }
      pieces.push({ x: Number(tm?.[1] ?? 0), y: Math.round(Number(tm?.[2] ?? 0)), text: decoded });
      drawn.push({ text: decoded, units });
    }
    const rows = new Map<number, typeof pieces>();
    for (const p of pieces) rows.set(p.y, [...(rows.get(p.y) ?? []), p]);
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      lines.push(
        rows
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((p) => p.text)
          .join(' '),
      );
    }
  }
  return { lines, pieces: drawn };
}

/** Reversed by characters: how a right-to-left word's glyphs come out of the PDF, left to right. */
export const backwards = (s: string) => [...s].reverse().join('');
