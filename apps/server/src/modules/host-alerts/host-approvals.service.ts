// A host's approval link (issue 29): the page it opens shows the visit; the host's choice, posted from
// that page, approves or rejects it as the visit's host, once. A link is claimed before the decision is
// made and given back if the decision is refused, so two clicks at once never decide twice.
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Language } from '@app/shared/constants';
import { permissionMapOf } from '@app/shared/access/permissions';
import type {
  HostApproval,
  HostApprovalDecision,
  HostApprovalDecisionBody,
  HostApprovalState,
} from '@app/shared/webhooks/host-approvals';
import type { JourneyStage } from '@app/shared/visits/stages';
import { withTenant, type Executor } from '../../db/client';
import { hostApprovalLinks } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import type { AccessContext, EntityRecord } from '../access/access.types';
import { findEntity } from '../access/access.repository';
import { decideVisit } from '../expected-visits/expected-visits.service';
import { clockOf } from '../expected-visits/visit-rules';
import { findPersonRow } from '../expected-visits/expected-visits.repository';
import { fullName } from '../people/person-view';
import { findVisitRows } from '../visits/visits.repository';
import { linkIdOf } from './host-approval-links';

type LinkRow = typeof hostApprovalLinks.$inferSelect;

const unknownLink = () => new AppError('not_found', { field: 'token', messageKey: 'host_approval_link_unknown' });

const WAITING: (JourneyStage | null)[] = ['awaiting_approval', 'awaiting_approval_compliance_failed'];

async function findLink(app: FastifyInstance, token: string) {
  const id = linkIdOf(app, token);
  if (!id) throw unknownLink();
  // Outside any company: the link is all the page knows.
  const [keys] = await app.db.db
    .select({ entityId: hostApprovalLinks.entityId })
    .from(hostApprovalLinks)
    .where(eq(hostApprovalLinks.id, id))
    .limit(1);
  const entity = keys ? await findEntity(app.db.db, keys.entityId) : null;
  if (!keys || !entity) throw unknownLink();
  return { id, entity };
}

function stateOf(link: LinkRow, stage: JourneyStage | null, visitState: string, now: Date): HostApprovalState {
  if (link.usedAt) return 'used';
  if (visitState === 'expected' && !WAITING.includes(stage)) return 'decided';
  if (visitState !== 'expected' || link.expiresAt <= now) return 'expired';
  return 'open';
}

async function view(tx: Executor, entity: EntityRecord, linkId: string, now: Date) {
  const [link] = await tx
    .select()
    .from(hostApprovalLinks)
    .where(and(eq(hostApprovalLinks.entityId, entity.id), eq(hostApprovalLinks.id, linkId)));
  const [row] = link ? await findVisitRows(tx, entity.id, undefined, [link.visitId]) : [];
  const host = link ? await findPersonRow(tx, entity.id, link.hostId) : null;
  if (!link || !row || !host) throw unknownLink();
  const stage = (row.visit.stage as JourneyStage | null) ?? null;
  const clock = clockOf(row.visit.expectedAt ?? row.visit.createdAt, entity.timezone);
  const approval: HostApproval = {
    state: stateOf(link, stage, row.visit.state, now),
    company: entity.name,
    host: host.firstName,
    visitor: fullName(row.person),
    site: row.siteName,
    area: row.areaName,
    visit_date: clock.date,
    visit_time: clock.time,
    decision: stage === 'rejected' ? 'rejected' : stage === 'approved' || stage === 'auto_approved' ? 'approved' : null,
    expires_at: link.expiresAt.toISOString(),
  };
  return { approval, link };
}

export async function getHostApproval(app: FastifyInstance, token: string): Promise<HostApproval> {
  const { id, entity } = await findLink(app, token);
  return withTenant(app.db.db, entity.id, async (tx) => (await view(tx, entity, id, new Date())).approval);
}

const hostContext = (entity: EntityRecord, link: LinkRow): AccessContext => ({
  entityId: entity.id,
  entity,
  actor: { kind: 'host_link', personId: link.hostId, linkId: link.id },
  role: null,
  // Nothing but deciding this visit, as its host (visit-editor.ts).
  permissions: permissionMapOf([]),
  otpEnrolmentRequired: false,
  siteIds: null,
  userTypeIds: null,
});

export async function decideHostApproval(
  app: FastifyInstance,
  token: string,
  body: HostApprovalDecisionBody,
  lang: Language,
): Promise<HostApprovalDecision> {
  const { id, entity } = await findLink(app, token);
  const now = new Date();
  const link = await withTenant(app.db.db, entity.id, async (tx) => {
    const { approval, link } = await view(tx, entity, id, now);
    if (approval.state !== 'open')
      throw new AppError('rule_violation', { field: 'token', messageKey: `host_approval_link_${approval.state}` });
    const [claimed] = await tx
      .update(hostApprovalLinks)
      .set({ usedAt: now, decision: body.decision })
      .where(
        and(eq(hostApprovalLinks.entityId, entity.id), eq(hostApprovalLinks.id, id), isNull(hostApprovalLinks.usedAt)),
      )
      .returning();
    if (!claimed) throw new AppError('rule_violation', { field: 'token', messageKey: 'host_approval_link_used' });
    return link;
  });
  try {
    await decideVisit(app, hostContext(entity, link), link.visitId, { decision: body.decision }, lang);
  } catch (error) {
    await withTenant(app.db.db, entity.id, (tx) =>
      tx
        .update(hostApprovalLinks)
        .set({ usedAt: null, decision: null })
        .where(and(eq(hostApprovalLinks.entityId, entity.id), eq(hostApprovalLinks.id, id))),
    );
    throw error;
  }
  const data = await withTenant(app.db.db, entity.id, async (tx) => (await view(tx, entity, id, new Date())).approval);
  return {
    message: t(lang, `errors:host_approval_${body.decision === 'approve' ? 'approved' : 'rejected'}`, {
      visitor: data.visitor,
    }),
    data,
  };
}
