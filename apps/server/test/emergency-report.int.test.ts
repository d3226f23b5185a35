// The roll-call report (issue 15 §5): times to 50, 90 and 100 % accounted for from a known timeline of
// marks, the marks with who made them, the unaccounted; and its PDF, a real PDF holding the names, in
// English and in Arabic (shaped and right to left).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollCallReport } from '@app/shared/emergency/schemas';
import { newId } from '../src/lib/ids';
import { replayMilestones } from '../src/modules/emergency/roll-call-report';
import PDFDocument from 'pdfkit';
import { PDF_FONTS } from '../src/lib/pdf-fonts';
import {
  backwards,
  endSession,
  pdfLines,
  readPdf,
  startSession,
  startSessionByApi,
} from './helpers/emergency-roll-factories';
import { signIn } from './helpers/http-client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { visitsWorld } from './helpers/visits-factories';
import { PASSWORD } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;

describe('milestones', () => {
  it('replays marks in the order made, leaving out who is out, and reads marks made together as one', () => {
    const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 10, m));
    const entries = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
      id,
      status: id === 'e' ? ('out' as const) : ('present' as const),
    }));
    const marks = [
      { rollId: 'e', status: 'out' as const, at: t(1) },
      { rollId: 'a', status: 'present' as const, at: t(2) },
      { rollId: 'b', status: 'present' as const, at: t(5) },
      { rollId: 'c', status: 'present' as const, at: t(8) },
      { rollId: 'c', status: 'not_present' as const, at: t(9) },
      { rollId: 'c', status: 'present' as const, at: t(10) },
      { rollId: 'd', status: 'present' as const, at: t(12) },
    ];
    // Given out of order: replayed by when they were made.
    expect(replayMilestones(entries, [...marks].reverse())).toEqual([
      { percent: 50, at: t(5) },
      { percent: 90, at: t(12) },
      { percent: 100, at: t(12) },
    ]);
    expect(replayMilestones(entries.slice(0, 4), marks.slice(0, 4))).toEqual([
      { percent: 50, at: t(5) },
      { percent: 90, at: null },
      { percent: 100, at: null },
    ]);
    expect(replayMilestones([], [])).toEqual([
      { percent: 50, at: null },
      { percent: 90, at: null },
      { percent: 100, at: null },
    ]);
  });
});

describe('the roll-call report', () => {
  it('tells when 50, 90 and 100 % were accounted for, every mark with who made it, and who is left', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const names = ['Ann', 'Bea', 'Cat', 'Dan', 'Eve', 'Fay'];
    const people = [];
    for (const n of names) {
      const p = await w.person(n);
      await w.signInOne(p.id);
      people.push(p);
    }
    const [ann, bea, cat, dan, eve, fay] = people as [(typeof people)[number], ...(typeof people)[number][]];
    const start = new Date(Date.now() - 30 * MINUTE);
    const s = await startSession(ctx.db.db, w.entity, {
      areaIds: [w.areas.reception],
      startedAt: start,
      name: 'Drill A',
    });
    const at = (m: number) => new Date(start.getTime() + m * MINUTE).toISOString();
    const warden = await signIn(ctx.app, w.people.fire_warden.email, PASSWORD);
    const send = async (client: typeof w.admin, marks: [string, string, number][]) => {
      const res = await client.post(`/emergency/sessions/${s.id}/marks`, {
        marks: marks.map(([personId, status, m]) => ({
          client_id: newId(),
          roll_id: s.rollOf(personId),
          status,
          marked_at: at(m),
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Fay left (out at 1'); of the five others: Ann 2', Bea 5', Cat 8' (then missing at 9' by mistake,
    // present again at 10'), Dan 12'. Eve is never found.
    await send(w.admin, [
      [fay!.id, 'out', 1],
      [ann.id, 'present', 2],
      [bea!.id, 'present', 5],
    ]);
    await send(warden.client, [
      [cat!.id, 'present', 8],
      [cat!.id, 'not_present', 9],
    ]);
    await send(w.admin, [
      [cat!.id, 'present', 10],
      [dan!.id, 'present', 12],
    ]);
    await endSession(ctx.db.db, w.entity.id, s.id);

    const res = await w.admin.get(`/emergency/sessions/${s.id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<RollCallReport>();
    expect(report.session).toMatchObject({ id: s.id, name: 'Drill A', is_drill: true, status: 'ended' });
    // 5 to account for: 3 present (60 %) at 8' (Cat's retraction at 9' does not undo a milestone
    // reached); 4 (80 %) at 12'; never 90 or 100 % (Eve).
    expect(report.milestones).toEqual([
      { percent: 50, at: { at: at(8), local: expect.any(String) }, minutes: 8 },
      { percent: 90, at: null, minutes: null },
      { percent: 100, at: null, minutes: null },
    ]);
    expect(report.marks.map((m) => [m.full_name, m.status, m.by])).toEqual([
      ['Fay Tester', 'out', 'admin Person'],
      ['Ann Tester', 'present', 'admin Person'],
      ['Bea Tester', 'present', 'admin Person'],
      ['Cat Tester', 'present', 'fire_warden Person'],
      ['Cat Tester', 'not_present', 'fire_warden Person'],
      ['Cat Tester', 'present', 'admin Person'],
      ['Dan Tester', 'present', 'admin Person'],
    ]);
    expect(report.unaccounted.map((e) => e.full_name)).toEqual(['Eve Tester']);

    // Eve turns up (her own link, or a warden) while another session runs: a report is read any time.
    const s2 = await startSession(ctx.db.db, w.entity, {
      areaIds: [w.areas.reception],
      startedAt: start,
      name: 'Drill B',
    });
    for (const [p, m] of [
      [ann, 1],
      [bea, 2],
      [cat, 3],
      [dan, 4],
      [eve, 6],
      [fay, 7],
    ] as const) {
      const r = await w.admin.post(`/emergency/sessions/${s2.id}/marks`, {
        marks: [{ client_id: newId(), roll_id: s2.rollOf(p!.id), status: 'present', marked_at: at(m) }],
      });
      expect(r.statusCode).toBe(200);
    }
    const full = (await w.admin.get(`/emergency/sessions/${s2.id}/report`)).json<RollCallReport>();
    expect(full.milestones.map((m) => [m.percent, m.minutes])).toEqual([
      [50, 3],
      [90, 7],
      [100, 7],
    ]);
    expect(full.session.status).toBe('active');
    expect(full.unaccounted).toEqual([]);
  });

  it('writes a real PDF holding the names, in English and in Arabic right to left', async () => {
    const w = await visitsWorld(ctx.app, ctx.db.db);
    const sara = await w.person('سارة', w.types.visitors, w.sites.hq, { lastName: 'أحمد', companyName: 'شركة النور' });
    const john = await w.person('John', w.types.visitors, w.sites.hq, { lastName: 'Smith', companyName: 'Acme 12' });
    await w.signInOne(sara.id);
    await w.signInOne(john.id);
    const s = await startSessionByApi(ctx.app, ctx.db.db, w, { areaIds: [w.areas.reception], name: 'تمرين الحريق 3' });
    const marked = await w.admin.post(`/emergency/sessions/${s.id}/marks`, {
      marks: [{ client_id: newId(), roll_id: s.rollOf(john.id), status: 'present' }],
    });
    expect(marked.statusCode).toBe(200);

    const en = await w.admin.get(`/emergency/sessions/${s.id}/report.pdf?lang=en`);
    expect(en.statusCode, en.body.slice(0, 200)).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(en.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    const enLines = pdfLines(en.rawPayload);
    expect(enLines[0]).toBe('Roll-call report · DRILL');
    expect(enLines.some((l) => l.startsWith('Unaccounted for (1)'))).toBe(true);
    // Sara, unaccounted, in her row (Arabic words drawn right to left: last name leftmost, each backwards).
    expect(enLines.some((l) => l.includes(`${backwards('أحمد')} ${backwards('سارة')}`))).toBe(true);
    expect(enLines.some((l) => l.includes('John Smith') && l.includes('Present'))).toBe(true);

    const ar = await w.admin.get(`/emergency/sessions/${s.id}/report.pdf?lang=ar`);
    expect(ar.statusCode).toBe(200);
    const arLines = pdfLines(ar.rawPayload);
    // The title, right to left: its words from the left are the last one first, each drawn backwards.
    expect(arLines[0]).toBe(`${backwards('تمرين')} · ${backwards('التفقد')} ${backwards('تقرير')}`);
    // The session's name keeps its number to the left of the Arabic words before it.
    expect(arLines).toContain(`3 ${backwards('الحريق')} ${backwards('تمرين')}`);
    // A table row mirrored: the name column at the right, the company to its left.
    const row = arLines.find((l) => l.includes(backwards('سارة')))!;
    expect(row.indexOf(backwards('النور'))).toBeLessThan(row.indexOf(backwards('سارة')));
    expect(arLines.some((l) => l.includes('John Smith') && l.includes(backwards('حاضر')))).toBe(true);
    // Shaped: the name is drawn with the letters' joined forms, as wide as the font lays the word out,
    // not as its letters standing alone.
    // (Names in the table are bold.)
    const measure = new PDFDocument().font(PDF_FONTS.bold).fontSize(1000);
    const joined = measure.widthOfString('سارة');
    const alone = [...'سارة'].reduce((sum, c) => sum + measure.widthOfString(c), 0);
    expect(joined).not.toBe(alone);
    const drawn = readPdf(ar.rawPayload).pieces.find((p) => p.text === backwards('سارة'))!;
    expect(Math.abs(drawn.units - joined)).toBeLessThanOrEqual(2);
  });
});
