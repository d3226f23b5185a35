// A session's roll-call report (issue 15 §5): when 50 %, 90 % and 100 % of the people were accounted
// for, every mark with who made it, and everyone left unaccounted. The milestones come from replaying
// the session's marks in the order they were made, so a report read later tells the same story.
import type { FastifyInstance } from 'fastify';
import type { EmergencyStatus, RollCallReport } from '@app/shared/emergency/schemas';
import type { AccessContext } from '../access/access.types';
import { companyZone } from '../access/company-zone';
import { inTenant } from '../access/in-tenant';
import { assertEmergencyAllowed } from './emergency-access';
import { markHistory } from './roll.repository';
import { momentOf } from './roll-view';
import { readRoll, readSession } from './session-view';

export const MILESTONES = [50, 90, 100] as const;
type Percent = (typeof MILESTONES)[number];

/**
 * When each share of the people was present: of the entries on the roll as it stands (those `out` left
 * aside: they were not there to account for), the first moment at which that share of them was
 * `present`, replaying the marks in the order they were made (the latest made is an entry's status at
 * any moment). Null when never reached (or nobody to account for).
 */
export function replayMilestones(
  entries: readonly { id: string; status: EmergencyStatus }[],
  marks: readonly { rollId: string; status: EmergencyStatus; at: Date }[],
): { percent: Percent; at: Date | null }[] {
  const counted = new Set(entries.filter((e) => e.status !== 'out').map((e) => e.id));
  const reached = new Map<Percent, Date>();
  if (counted.size > 0) {
    const present = new Set<string>();
    const ordered = [...marks].sort((a, b) => a.at.getTime() - b.at.getTime());
    for (let i = 0; i < ordered.length; i++) {
      const m = ordered[i]!;
      if (!counted.has(m.rollId)) continue;
      if (m.status === 'present') present.add(m.rollId);
      else present.delete(m.rollId);
      // Marks made at the same moment are taken together before the share is read.
      if (ordered[i + 1] && ordered[i + 1]!.at.getTime() === m.at.getTime()) continue;
      for (const p of MILESTONES) {
        if (!reached.has(p) && present.size * 100 >= p * counted.size) reached.set(p, m.at);
      }
    }
  }
  return MILESTONES.map((percent) => ({ percent, at: reached.get(percent) ?? null }));
}

/** Minutes from the start, to a tenth. */
const minutesFrom = (start: Date, at: Date) => Math.round((at.getTime() - start.getTime()) / 6_000) / 10;

/** GET /emergency/sessions/:id/report: the report of a session the reader may join (404 otherwise). */
export async function rollCallReport(
  app: FastifyInstance,
  ctx: AccessContext,
  sessionId: string,
): Promise<RollCallReport> {
  assertEmergencyAllowed(ctx);
  const zone = companyZone(ctx);
  return inTenant(app, ctx, async (tx) => {
    const session = await readSession(tx, ctx, sessionId);
    const history = await markHistory(tx, ctx, sessionId);
    const roll = await readRoll(tx, ctx, sessionId);
    const startedAt = new Date(session.started_at.at);
    const milestones = replayMilestones(
      roll,
      history.map((m) => ({ rollId: m.roll_id, status: m.status, at: new Date(m.marked_at) })),
    );
    return {
      session,
      milestones: milestones.map((m) => ({
        percent: m.percent,
        at: m.at ? momentOf(m.at, zone) : null,
        minutes: m.at ? minutesFrom(startedAt, m.at) : null,
      })),
      marks: history.map((m) => ({
        at: momentOf(m.marked_at, zone),
        full_name: m.full_name,
        status: m.status,
        source: m.source,
        by: m.by_name,
      })),
      unaccounted: roll.filter((e) => e.status === 'not_present'),
    };
  });
}
