// What the watchlist's address holds, so a reload, a change of language or a link (the screenings mail's)
// opens the same view: the entries' level, the screenings' outcome, entry and person.
import { z } from 'zod';
import { SCREENING_OUTCOMES, WATCHLIST_LEVELS } from '@app/shared/watchlist/schemas';

export const entriesPageFiltersSchema = z.object({ level: z.enum(WATCHLIST_LEVELS).optional() });

export const screeningsPageFiltersSchema = z.object({
  outcome: z.enum(SCREENING_OUTCOMES).optional(),
  entry_id: z.uuid().optional(),
  person_id: z.uuid().optional(),
});

/** The rows shown per page of either list. */
export const WATCHLIST_PAGE_SIZE = 25;

/** The number of pages a list of `count` rows fills (at least one). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / WATCHLIST_PAGE_SIZE));
