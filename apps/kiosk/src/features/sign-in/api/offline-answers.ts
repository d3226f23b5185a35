// The flow's lookups answered from what the kiosk keeps, for when the server cannot be reached: a
// scanned code or card by its hash, a passport's QR identity by its signature and then its account's
// hash, a name by its first letters, and the flow built from the journey (utils/offline-preview.ts).
// Nobody is "on site" offline: the button a person came by says whether they sign in or out.
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import { KIOSK_SEARCH_RESULTS_MAX } from '@app/shared/kiosks/device-lookup';
import { snapshotLevel } from '@app/shared/watchlist/offline-keys';
import { takePassportJti } from '../../../lib/data-cache';
import { Unreachable } from '../../../lib/device-api';
import { kioskLog } from '../../../lib/kiosk-log';
import { checkPassportQr, looksLikePassportQr, passportQrMessageKey } from '../../../lib/passport-qr';
import { findCachedByCode, findCachedById, readPeopleMeta, searchCachedPeople } from '../../../lib/people-cache';
import { CodeRefused, type OfflineAnswers, type Resolved } from '../calls';
import { offlinePreview } from '../utils/offline-preview';

const hit = (p: { id: string; first_name: string; last_name: string }) => ({
  id: p.id,
  first_name: p.first_name,
  last_name: p.last_name,
  on_site: false,
});

export function offlineAnswers(bundle: KioskJourneyBundle, clock: () => Date = () => new Date()): OfflineAnswers {
  /** A passport's QR identity: checked with the kept keys, taken once here, then whose passport it is. */
  async function resolvePassport(token: string): Promise<Resolved | null> {
    const meta = await readPeopleMeta();
    if (!meta) return null;
    if (!globalThis.crypto?.subtle) kioskLog.write('warn', 'passport codes cannot be checked offline over plain http');
    // A list kept before the keys came with it: no key checks the code, so it is not valid here.
    const trust = meta.passport ?? { issuer: '', keys: [] };
    const check = await checkPassportQr(token, trust, { take: takePassportJti }, clock());
    if (!check.ok) throw new CodeRefused(passportQrMessageKey(check.reason));
    const match = await findCachedByCode('passport', check.accountId);
    return match ? { person: hit(match.person), expectedVisitId: null } : null;
  }

  return {
    searchPeople: async (query) => (await searchCachedPeople(query, KIOSK_SEARCH_RESULTS_MAX)).map(hit),
    resolve: async (kind, code) => {
      if (kind === 'qr' && looksLikePassportQr(code.trim())) return resolvePassport(code.trim());
      const match = await findCachedByCode(kind, code);
      return match ? { person: hit(match.person), expectedVisitId: match.expectedVisitId } : null;
    },
    preview: async (personId, expectedVisitId, action) => {
      const person = await findCachedById(personId);
      // Someone the kiosk does not keep cannot be signed in offline: the flow says it cannot reach the server.
      if (!person) throw new Unreachable('not kept for offline use');
      // A bundle kept before the watchlist travelled with it has none to check.
      const level = bundle.watchlist
        ? snapshotLevel(bundle.watchlist, { name: `${person.first_name} ${person.last_name}` })
        : null;
      return offlinePreview(bundle, person, action, expectedVisitId, clock(), level === 'deny' || level === 'review');
    },
  };
}
