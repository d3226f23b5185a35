import { sql } from 'drizzle-orm';
import { isAllowed } from '@app/shared/access/permissions';
import { emergencySessionRoom } from '@app/shared/realtime/events';
import { rowsOf, withTenant, type Executor } from '../../db/client';
import type { AccessContext } from '../access/access.types';
import { mayJoinSession, siteVisible } from './emergency-access';
import { emergencySessionSiteRoom } from './session-events';

/**
 * The rooms a member's socket joins to watch a session's page (decision 031): the session's own room and
 * one per site of the session the member may see; null when they may not join it (no emergency
 * permission or sessions screen, another company's or unknown session, none of its sites theirs).
 */
export async function emergencyWatchRooms(
  db: Executor,
  access: AccessContext,
  sessionId: string,
): Promise<string[] | null> {
  if (!isAllowed(access.permissions, 'emergency') || !isAllowed(access.permissions, 'show_emergency_sessions'))
    return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return null;
  const sites = await withTenant(db, access.entityId, async (tx) =>
    rowsOf<{ site_id: string }>(
      await tx.execute(sql`
        select distinct a.site_id from emergency_sessions s
          join emergency_session_areas a on a.entity_id = s.entity_id and a.session_id = s.id
         where s.entity_id = ${access.entityId} and s.id = ${sessionId}`),
    ).map((r) => r.site_id),
  );
  if (sites.length === 0 || !mayJoinSession(access, sites)) return null;
  return [
    emergencySessionRoom(sessionId),
    ...sites.filter((s) => siteVisible(access, s)).map((s) => emergencySessionSiteRoom(sessionId, s)),
  ];
}
