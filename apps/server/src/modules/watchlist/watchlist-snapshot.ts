// The watchlist as a kiosk holds it for screening offline (decision 051): salted hashes of each entry's
// exact keys, by level; never a name, an email or a phone.
import { entryOfflineKeys, snapshotHash, snapshotSalt } from '@app/shared/watchlist/offline-keys';
import type { WatchlistSnapshot } from '@app/shared/watchlist/schemas';
import type { Executor } from '../../db/client';
import { snapshotRows } from './watchlist.repository';

export async function watchlistSnapshot(tx: Executor, entityId: string): Promise<WatchlistSnapshot> {
  const salt = snapshotSalt();
  const out: WatchlistSnapshot = { salt, deny: [], review: [], notify: [] };
  for (const r of await snapshotRows(tx, entityId)) {
    const keys = entryOfflineKeys({
      full_name: r.fullName,
      aliases: r.aliases,
      email_key: r.emailKey,
      phone_key: r.phoneKey,
    });
    out[r.level as 'deny' | 'review' | 'notify'].push(...keys.map((k) => snapshotHash(salt, k)));
  }
  return out;
}
