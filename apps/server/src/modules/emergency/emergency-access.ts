import { isAllowed } from '@app/shared/access/permissions';
import { AppError } from '../../lib/app-error';
import type { AccessContext } from '../access/access.types';

// Who may do what in an emergency (spec §6, decision 031):
// - The emergency permission's allowed flag decides availability (beside the route's show_* key).
// - A member sees and marks the people of the areas of the sites they may access; someone added at the
//   muster point without a place is seen by every member of the session.
// - A member may join a session when it covers at least one site they may access.
// - A member may end a session unless it covers areas outside their sites that still have people
//   signed in (those areas are the reason given).

/** Throws 403 unless the emergency permission is allowed. */
export function assertEmergencyAllowed(ctx: AccessContext): void {
  if (!isAllowed(ctx.permissions, 'emergency'))
    throw new AppError('forbidden', { messageKey: 'emergency_not_allowed' });
}

/** Whether a place of that site is within the reader's sites (a null site: someone placed nowhere). */
export const siteVisible = (ctx: Pick<AccessContext, 'siteIds'>, siteId: string | null): boolean =>
  siteId === null || ctx.siteIds === null || ctx.siteIds.includes(siteId);

/** Whether the reader may join a session covering these sites. */
export const mayJoinSession = (ctx: Pick<AccessContext, 'siteIds'>, sessionSiteIds: readonly string[]): boolean =>
  ctx.siteIds === null || sessionSiteIds.some((id) => ctx.siteIds!.includes(id));

/**
 * The session's areas that block the reader from ending it: outside their sites, with people signed in
 * now. `areas`: the session's areas with their sites and how many people are on site there now.
 */
export const areasBlockingEnd = <A extends { siteId: string; onSite: number }>(
  ctx: Pick<AccessContext, 'siteIds'>,
  areas: readonly A[],
): A[] => areas.filter((a) => a.onSite > 0 && !siteVisible(ctx, a.siteId));
