// Who may change an expected visit (decision 018). People managers (`users`) and the API token change
// every expected visit in their scope; anyone else who works the dashboard — the default Employee, a
// fire warden — changes, deletes, re-sends and decides only the visits they added or host.
import { isAllowed } from '@app/shared/access/permissions';
import { mayChangeVisit, type VisitEditor } from '@app/shared/visits/visit-editor';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';
import { hostsOfVisits } from './expected-visits.repository';

export function visitEditorOf(ctx: AccessContext): VisitEditor {
  if (ctx.actor.kind === 'client' || isAllowed(ctx.permissions, 'users')) return { all: true };
  // A kiosk changes no expected visit: it only signs people in and out at its area.
  return {
    all: false,
    personId: ctx.actor.kind === 'user' || ctx.actor.kind === 'host_link' ? ctx.actor.personId : null,
  };
}

/** Refuses (403, with the reason) a change to a visit the caller neither added nor hosts. */
export async function assertMayChangeVisit(
  tx: Executor,
  ctx: AccessContext,
  visit: { id: string; createdByPersonId: string | null },
) {
  const editor = visitEditorOf(ctx);
  if (editor.all) return;
  const hostIds = (await hostsOfVisits(tx, ctx.entityId, [visit.id])).map((h) => h.id);
  if (!mayChangeVisit(editor, visit, hostIds))
    throw new AppError('forbidden', { messageKey: 'expected_visit_not_yours' });
}
