// The flow's lookups answered from what the kiosk keeps, for when the server cannot be reached: a
// scanned code or card by its hash, a name by its first letters, and the flow built from the journey
// (utils/offline-preview.ts). Nobody is "on site" offline: the button a person came by says whether
// they sign in or out.
import type { KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import { KIOSK_SEARCH_RESULTS_MAX } from '@app/shared/kiosks/device-lookup';
import { Unreachable } from '../../../lib/device-api';
import { findCachedByCode, findCachedById, searchCachedPeople } from '../../../lib/people-cache';
import type { OfflineAnswers } from '../calls';
import { offlinePreview } from '../utils/offline-preview';

const hit = (p: { id: string; first_name: string; last_name: string }) => ({
  id: p.id,
  first_name: p.first_name,
  last_name: p.last_name,
  on_site: false,
});

export function offlineAnswers(bundle: KioskJourneyBundle, clock: () => Date = () => new Date()): OfflineAnswers {
  return {
    searchPeople: async (query) => (await searchCachedPeople(query, KIOSK_SEARCH_RESULTS_MAX)).map(hit),
    resolve: async (kind, code) => {
      const match = await findCachedByCode(kind, code);
      return match ? { person: hit(match.person), expectedVisitId: match.expectedVisitId } : null;
    },
    preview: async (personId, expectedVisitId, action) => {
      const person = await findCachedById(personId);
      // Someone the kiosk does not keep cannot be signed in offline: the flow says it cannot reach the server.
      if (!person) throw new Unreachable('not kept for offline use');
      return offlinePreview(bundle, person, action, expectedVisitId, clock());
    },
  };
}
