// The kiosk's face library (decision 050): the face IDs of the consenting people of its journey's user
// types, first names only, held in memory and never written to the tablet's storage. Fetched when the
// kiosk starts, when the server says faces changed, and when an admin asks it to refresh.
import { descriptorFromText, FaceMatcher, type MatchSettings } from '@app/shared/faces/face-matcher';
import type { KioskFaceLibrary } from '@app/shared/kiosks/face-library';

export type LibraryPerson = { personId: string; firstName: string };

export type HeldFaceLibrary = {
  version: string;
  model: string;
  settings: MatchSettings;
  matcher: FaceMatcher<LibraryPerson>;
};

export type FaceLibrary = {
  /** Fetches the library again: how many faces it holds, or null while the company has face sign-in off. */
  refresh: () => Promise<number | null>;
  current: () => HeldFaceLibrary | null;
};

export function createFaceLibrary(fetchLibrary: () => Promise<KioskFaceLibrary>): FaceLibrary {
  let held: HeldFaceLibrary | null = null;
  let fetching: Promise<number | null> | null = null;

  async function load(): Promise<number | null> {
    const library = await fetchLibrary();
    if (!library.enabled) {
      held = null;
      return null;
    }
    if (held?.version !== library.version) {
      const entries = library.people.flatMap((p) => {
        const descriptor = descriptorFromText(p.descriptor);
        return descriptor ? [{ id: { personId: p.person_id, firstName: p.first_name }, descriptor }] : [];
      });
      held = {
        version: library.version,
        model: library.model,
        settings: { matchThreshold: library.match_threshold, minGap: library.min_gap },
        matcher: new FaceMatcher(entries),
      };
    }
    return held.matcher.size;
  }

  return {
    // Asks while a fetch runs share it.
    refresh() {
      fetching ??= load().finally(() => {
        fetching = null;
      });
      return fetching;
    },
    current: () => held,
  };
}
