import type { SQL } from 'drizzle-orm';
import type { Dashboard } from '@app/shared/visits/schemas';
import type { Executor } from '../../db/client';
import { dayRange, localDay } from '@app/shared/visits/rules';
import { dailyCounts } from './visits.repository';

/**
 * Today's counts on the company's clock (spec §3 Dashboard), in total and per user type, within a
 * scope and an optional site or area: what GET /dashboard answers, and what open dashboards are sent
 * live after visits change (decision 023).
 */
export async function dashboardOf(
  tx: Executor,
  entityId: string,
  timezone: string,
  scope: SQL | undefined,
  place: { siteId?: string; areaId?: string },
  now = new Date(),
): Promise<Dashboard> {
  const date = localDay(now, timezone);
  const rows = await dailyCounts(tx, entityId, scope, dayRange(date, date, timezone), place);
  const sum = (key: 'on_site' | 'signed_in' | 'expected' | 'checked_in') => rows.reduce((n, r) => n + r[key], 0);
  return {
    date,
    timezone,
    totals: {
      daily: {
        on_site: sum('on_site'),
        signed_in: sum('signed_in'),
        expected: sum('expected'),
        checked_in: sum('checked_in'),
      },
    },
    by_user_type: rows.map((r) => ({
      user_type: r.user_type_id && r.user_type_name !== null ? { id: r.user_type_id, name: r.user_type_name } : null,
      on_site: r.on_site,
      signed_in: r.signed_in,
      expected: r.expected,
      checked_in: r.checked_in,
    })),
  };
}
