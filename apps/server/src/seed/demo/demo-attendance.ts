import { and, eq, inArray } from 'drizzle-orm';
import {
  checkAllowances,
  checkModeHours,
  checkReasonRange,
  type ReasonType,
} from '@app/shared/attendance/reason-ranges';
import { newId } from '../../lib/ids';
import type { Executor } from '../../db/client';
import { attendanceModeSites, attendanceModes, attendanceReasons, sites } from '../../db/schema/index';

// The demo company's working schedules: office staff, the Madrid warehouse's early shift and the
// weekend guards, each with the late and early reasons its front desk hears. The journeys seed looks
// the modes up by name. Every mode and reason passes the same rules the API applies.

type DemoReason = { name: string; type: ReasonType; start: string; minutes: number; code?: string };

type DemoMode = {
  name: string;
  sites: string[];
  days: number[];
  start: string;
  end: string;
  late?: number;
  early?: number;
  reasons: DemoReason[];
};

export const DEMO_ATTENDANCE_MODES: DemoMode[] = [
  {
    name: 'Office hours',
    sites: ['Dubai Head Office', 'Madrid Office'],
    days: [1, 2, 3, 4, 5],
    start: '09:00',
    end: '17:30',
    late: 10,
    early: 10,
    reasons: [
      { name: 'Traffic', type: 'late_sign_in', start: '09:00', minutes: 30, code: 'LT' },
      { name: 'Medical appointment', type: 'late_sign_in', start: '09:30', minutes: 120, code: 'M' },
      { name: 'Public transport', type: 'late_sign_in', start: '11:30', minutes: 60, code: 'LT' },
      { name: 'Client meeting', type: 'early_sign_out', start: '12:00', minutes: 180, code: 'B' },
      { name: 'Family emergency', type: 'early_sign_out', start: '15:00', minutes: 120, code: 'FE' },
      { name: 'Feeling unwell', type: 'early_sign_out', start: '17:00', minutes: 20, code: 'I' },
    ],
  },
  {
    name: 'Warehouse early shift',
    sites: ['Madrid Office'],
    days: [1, 2, 3, 4, 5, 6],
    start: '06:00',
    end: '14:00',
    late: 5,
    reasons: [
      { name: 'Vehicle breakdown', type: 'late_sign_in', start: '06:00', minutes: 60, code: 'LT' },
      { name: 'Childcare', type: 'late_sign_in', start: '07:00', minutes: 90 },
      { name: 'Delivery overrun', type: 'early_sign_out', start: '10:00', minutes: 120, code: 'W' },
      { name: 'Injury at work', type: 'early_sign_out', start: '12:00', minutes: 115, code: 'I' },
    ],
  },
  {
    name: 'Weekend security',
    sites: ['Dubai Head Office'],
    days: [6, 7],
    start: '08:00',
    end: '20:00',
    late: 15,
    early: 5,
    reasons: [
      { name: 'Shift handover', type: 'late_sign_in', start: '08:00', minutes: 45, code: 'H' },
      { name: 'Relief guard late', type: 'early_sign_out', start: '18:00', minutes: 120, code: 'H' },
    ],
  },
];

export async function seedDemoAttendance(tx: Executor, entityId: string): Promise<void> {
  const siteNames = [...new Set(DEMO_ATTENDANCE_MODES.flatMap((m) => m.sites))];
  const siteRows = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.entityId, entityId), inArray(sites.name, siteNames)));
  const siteId = new Map(siteRows.map((s) => [s.name, s.id]));

  for (const mode of DEMO_ATTENDANCE_MODES) {
    const hours = { start_time: mode.start, end_time: mode.end };
    const allowances = { late_sign_in_minutes: mode.late ?? 0, early_sign_out_minutes: mode.early ?? 0 };
    const problem = checkModeHours(hours) ?? checkAllowances(hours, allowances);
    if (problem) throw new Error(`Demo attendance mode ${mode.name}: ${problem.key}`);
    const modeId = newId();
    await tx.insert(attendanceModes).values({
      entityId,
      id: modeId,
      name: mode.name,
      days: mode.days,
      startTime: mode.start,
      endTime: mode.end,
      lateSignInMinutes: allowances.late_sign_in_minutes,
      earlySignOutMinutes: allowances.early_sign_out_minutes,
    });
    const served = mode.sites.map((name) => siteId.get(name)).filter((id): id is string => id !== undefined);
    if (served.length) {
      await tx
        .insert(attendanceModeSites)
        .values(served.map((id) => ({ entityId, attendanceModeId: modeId, siteId: id })));
    }

    const saved: { id: string; name: string; type: ReasonType; start_time: string; duration_minutes: number }[] = [];
    for (const r of mode.reasons) {
      const reason = { id: newId(), name: r.name, type: r.type, start_time: r.start, duration_minutes: r.minutes };
      const broken = checkReasonRange(reason, hours, saved);
      if (broken) throw new Error(`Demo reason ${mode.name} / ${r.name}: ${broken.key}`);
      saved.push(reason);
    }
    await tx.insert(attendanceReasons).values(
      mode.reasons.map((r, i) => ({
        entityId,
        id: saved[i]!.id,
        attendanceModeId: modeId,
        name: r.name,
        type: r.type,
        startTime: r.start,
        durationMinutes: r.minutes,
        attendanceCode: r.code ?? null,
      })),
    );
  }
}
