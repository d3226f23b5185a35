// Hosts told in Slack or Microsoft Teams (issue 29): besides the email, each host of a visit gets a
// message in their own language through the company's chat endpoints (webhook endpoints of kind slack or
// teams, told of `host.*` events). It is queued in the webhooks' outbox, so it is retried and logged like
// any webhook. A visit waiting for approval carries a single-use link per host to approve or reject it.
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@app/shared/constants';
import { HOST_APPROVAL_LINK_HOURS } from '@app/shared/webhooks/host-approvals';
import type { HostAlertEvent } from '@app/shared/webhooks/schemas';
import { localStamp } from '@app/shared/visits/rules';
import type { Executor } from '../../db/client';
import { hostApprovalLinks, webhookEndpoints } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { findRecipients } from '../people/people.repository';
import { fullName, photoUrl } from '../people/person-view';
import { findVisitRows, hostsOfVisits } from '../visits/visits.repository';
import { queueWebhooks, type WebhookMessage } from '../webhooks/webhook-outbox';

/** A visitor trying the door again and again tells their hosts once in this while. */
export const WAITING_ALERT_EVERY_MS = 15 * 60_000;

export type HostAlertData = {
  lang: Language;
  company: string;
  host: { id: string; name: string };
  visitor: { id: string; name: string; company: string | null };
  site: string;
  area: string;
  /** Arrival: when they arrived; approval: when they are expected. In the company's time zone. */
  time: string;
  photo_url: string | null;
  visit_id: string;
  /** Approval only: the visitor is at the door now (a sign-in refused while the visit waits). */
  waiting?: boolean;
  /** Approval only: the host's link, whose URL is signed when the message is sent. */
  approval?: { link_id: string; expires_at: string };
};

export type HostAlertInput = {
  /** The visits and, for each, the hosts to tell (all its hosts when left out). */
  visits: { visitId: string; hostIds?: string[] }[];
  company: string;
  timeZone: string;
  /** The language of hosts who never chose one. */
  lang: Language;
  now: Date;
  waiting?: boolean;
};

/** Whether any enabled chat endpoint of the company is told of the event: nothing is read otherwise. */
async function anyToldOf(tx: Executor, entityId: string, event: HostAlertEvent) {
  const [row] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.entityId, entityId),
        eq(webhookEndpoints.enabled, true),
        sql`${event} = any(${webhookEndpoints.events})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Visits whose hosts were told of a waiting visitor within the while: not told again. */
async function toldLately(tx: Executor, entityId: string, visitIds: string[], now: Date) {
  if (visitIds.length === 0) return new Set<string>();
  const rows = await tx
    .selectDistinct({ visitId: hostApprovalLinks.visitId })
    .from(hostApprovalLinks)
    .where(
      and(
        eq(hostApprovalLinks.entityId, entityId),
        inArray(hostApprovalLinks.visitId, visitIds),
        gt(hostApprovalLinks.createdAt, new Date(now.getTime() - WAITING_ALERT_EVERY_MS)),
      ),
    );
  return new Set(rows.map((r) => r.visitId));
}

/**
 * Queues, in the caller's transaction, one chat message per host of each visit: `host.visitor_arrived`,
 * `host.visitor_late`, or `host.approval_needed` (with a link to decide). Writes nothing when no chat
 * endpoint wants it.
 */
export async function queueHostAlerts(
  app: FastifyInstance,
  tx: Executor,
  entityId: string,
  event: HostAlertEvent,
  input: HostAlertInput,
): Promise<number> {
  if (input.visits.length === 0 || !(await anyToldOf(tx, entityId, event))) return 0;
  const approval = event === 'host.approval_needed';
  const skip =
    approval && input.waiting
      ? await toldLately(
          tx,
          entityId,
          input.visits.map((v) => v.visitId),
          input.now,
        )
      : new Set();
  const wanted = input.visits.filter((v) => !skip.has(v.visitId));
  const rows = await findVisitRows(
    tx,
    entityId,
    undefined,
    wanted.map((v) => v.visitId),
  );
  const visitHosts = await hostsOfVisits(
    tx,
    entityId,
    wanted.map((v) => v.visitId),
  );
  const hostIdsOf = (v: (typeof wanted)[number]) =>
    v.hostIds ?? visitHosts.filter((h) => h.visitId === v.visitId).map((h) => h.id);
  const hosts = await findRecipients(tx, entityId, undefined, [...new Set(wanted.flatMap(hostIdsOf))]);
  const expiresAt = new Date(input.now.getTime() + HOST_APPROVAL_LINK_HOURS * 3_600_000);
  const messages: WebhookMessage[] = [];
  const links: (typeof hostApprovalLinks.$inferInsert)[] = [];
  for (const v of wanted) {
    const row = rows.find((r) => r.visit.id === v.visitId);
    if (!row) continue;
    // When they are expected (asked ahead, or late), or now (arriving, or waiting at the door).
    const expected = (approval && !input.waiting) || event === 'host.visitor_late';
    const when = expected ? (row.visit.expectedAt ?? row.visit.createdAt) : input.now;
    for (const hostId of hostIdsOf(v)) {
      const host = hosts.find((h) => h.id === hostId);
      if (!host || host.status !== 'active') continue;
      const data: HostAlertData = {
        lang: isLanguage(host.lang) ? host.lang : input.lang,
        company: input.company,
        host: { id: host.id, name: host.firstName },
        visitor: { id: row.person.id, name: fullName(row.person), company: row.person.companyName },
        site: row.siteName,
        area: row.areaName,
        time: localStamp(when, input.timeZone),
        photo_url: photoUrl(row.person.id, row.person.image),
        visit_id: row.visit.id,
      };
      if (approval) {
        const linkId = newId();
        links.push({ entityId, id: linkId, visitId: row.visit.id, hostId, createdAt: input.now, expiresAt });
        data.waiting = Boolean(input.waiting);
        data.approval = { link_id: linkId, expires_at: expiresAt.toISOString() };
      }
      messages.push({ data, personId: row.person.id });
    }
  }
  if (links.length) await tx.insert(hostApprovalLinks).values(links);
  const queued = await queueWebhooks(tx, entityId, event, messages, { now: input.now });
  return queued.length;
}

const AWAITING = new Set(['awaiting_approval', 'awaiting_approval_compliance_failed']);

/** A visit made waiting for approval: its hosts are asked in their chat channel, in the same transaction. */
export async function askHostsIfAwaiting(
  app: FastifyInstance,
  tx: Executor,
  entity: { id: string; name: string; timezone: string },
  visit: { id: string; stage: string | null },
  lang: Language,
  now: Date,
) {
  if (!visit.stage || !AWAITING.has(visit.stage)) return 0;
  return queueHostAlerts(app, tx, entity.id, 'host.approval_needed', {
    visits: [{ visitId: visit.id }],
    company: entity.name,
    timeZone: entity.timezone,
    lang,
    now,
  });
}
