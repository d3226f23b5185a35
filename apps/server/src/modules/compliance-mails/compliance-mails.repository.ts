// The sends of an expected visit's online compliance link and reminders (visit_compliance_mails).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { visitComplianceMails } from '../../db/schema/index';

export type ComplianceMailRow = typeof visitComplianceMails.$inferSelect;

/**
 * The visit's row, locked for this transaction (made when missing): two runs for one visit at once
 * (two app nodes, a retry, the sweep and a queued run) take turns, and the second finds it moved on.
 */
export async function lockRound(
  tx: Executor,
  entityId: string,
  visitId: string,
): Promise<{ row: ComplianceMailRow; created: boolean }> {
  const inserted = await tx
    .insert(visitComplianceMails)
    .values({ entityId, visitId })
    .onConflictDoNothing()
    .returning({ visitId: visitComplianceMails.visitId });
  const [row] = await tx
    .select()
    .from(visitComplianceMails)
    .where(and(eq(visitComplianceMails.entityId, entityId), eq(visitComplianceMails.visitId, visitId)))
    .for('update');
  return { row: row!, created: inserted.length > 0 };
}

export async function saveRound(
  tx: Executor,
  entityId: string,
  visitId: string,
  values: Pick<
    ComplianceMailRow,
    'expectedAt' | 'linkSentAt' | 'remindersSent' | 'lastReminderAt' | 'nextDueAt' | 'pendingMail'
  >,
) {
  await tx
    .update(visitComplianceMails)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(visitComplianceMails.entityId, entityId), eq(visitComplianceMails.visitId, visitId)));
}

/** The outbox has the mail: the row lets go of it (only of that one: a newer run may have recorded another). */
export async function clearPendingMail(tx: Executor, entityId: string, visitId: string, mailId: string) {
  await tx
    .update(visitComplianceMails)
    .set({ pendingMail: null })
    .where(
      and(
        eq(visitComplianceMails.entityId, entityId),
        eq(visitComplianceMails.visitId, visitId),
        sql`${visitComplianceMails.pendingMail}->>'id' = ${mailId}`,
      ),
    );
}

/** The rows of some visits of a company (the logbook's rows show them). */
export async function roundsOf(tx: Executor, entityId: string, visitIds: readonly string[]) {
  if (visitIds.length === 0) return [];
  return tx
    .select()
    .from(visitComplianceMails)
    .where(and(eq(visitComplianceMails.entityId, entityId), inArray(visitComplianceMails.visitId, [...visitIds])));
}

/**
 * What the sweep looks at, in every company (run outside any company, as the job runner's other
 * sweeps): rows whose next mail is due, and expected visits of flows that ask a compliance whose row is
 * missing (a visit made while nothing followed it) or is for another time (a visit moved).
 */
export async function visitsToFollow(db: Executor, now: Date, limit = 500) {
  const at = now.toISOString();
  const res = await db.execute<{ entity_id: string; visit_id: string }>(sql`
    select m.entity_id, m.visit_id from visit_compliance_mails m
    where m.next_due_at is not null and m.next_due_at <= ${at}::timestamptz
    union
    select m.entity_id, m.visit_id from visit_compliance_mails m
    where m.pending_mail is not null and m.updated_at < ${at}::timestamptz - interval '1 minute'
    union
    select v.entity_id, v.id as visit_id from visits v
    left join visit_compliance_mails m on m.entity_id = v.entity_id and m.visit_id = v.id
    where v.state = 'expected' and v.expected_at > ${at}::timestamptz and v.journey_flow_id is not null
      and (m.visit_id is null or m.expected_at is distinct from v.expected_at)
      and exists (
        select 1 from journey_flow_compliances f
        where f.entity_id = v.entity_id and f.flow_id = v.journey_flow_id
      )
    limit ${limit}`);
  return rowsOf<{ entity_id: string; visit_id: string }>(res);
}
