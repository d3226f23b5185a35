import { hrefFor, paths } from '@/config/paths';
import type { RedirectType } from '../api/get-redirect-type';

// The addresses of the temporary-users pages, write-back and attendance codes (spec §2 routes); the
// rest of the flow's addresses are in flow-pages. `from=view` marks a temporary-users page opened
// from the integration's view: it leads back there rather than on through the flow, and the
// valid-users page then lists the people kept in step (spec §2).

export type TempPage = 'error' | 'duplicate' | 'valid';

const TEMP_PATHS = {
  error: paths.integrationError,
  duplicate: paths.integrationDuplicate,
  valid: paths.integrationValid,
} as const;

export const tempPageHref = (page: TempPage, id: string, fromView = false): string =>
  hrefFor(TEMP_PATHS[page], {}, fromView ? { id, from: 'view' } : { id });

/** Where "Next" goes: after the errors, the duplicates when there are any, else the valid records (spec §2). */
export const nextPageOf = (page: Exclude<TempPage, 'valid'>, counts: Pick<RedirectType, 'duplicates'>): TempPage =>
  page === 'error' && counts.duplicates > 0 ? 'duplicate' : 'valid';

export const writeBackHref = (id: string): string => hrefFor(paths.writeBack, {}, { id });

export const attendanceCodesHref = (id: string, name: string): string =>
  hrefFor(paths.attendanceCodes, { integId: id, integName: name });
