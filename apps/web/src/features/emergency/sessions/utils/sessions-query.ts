// The sessions page's history grid: past sessions, real emergencies and drills apart or together (kept
// as the reader's table preference with the columns and page size), paged by keyset.
import type { RollCounts, SessionSummary } from '@app/shared/emergency/schemas';
import type { GridFilterValue } from '@app/shared/table-preferences/schemas';
import { gridPageQuery, type GridOptions, type GridQueryInput } from '@/components/data-grid/grid-state';
import type { SessionsParams } from '../../api/list-sessions';

export const SESSION_KINDS = ['all', 'real', 'drill'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const SESSIONS_GRID: GridOptions = { defaultSorting: [], filterKeys: ['kind'] };

export const sessionKindOf = (value: GridFilterValue | undefined): SessionKind =>
  typeof value === 'string' && (SESSION_KINDS as readonly string[]).includes(value) ? (value as SessionKind) : 'all';

/** GET /emergencies's query for the grid's page: ended sessions, newest first, of the chosen kind. */
export function sessionsQuery(grid: GridQueryInput): SessionsParams {
  const kind = sessionKindOf(grid.state.filters.kind);
  return {
    ...gridPageQuery(grid),
    status: 'ended',
    ...(kind === 'all' ? {} : { drill: kind === 'drill' ? 'true' : 'false' }),
  };
}

/** Accounted for: present at the muster point, or known to have left. */
export const accountedFor = (counts: RollCounts): number => counts.present + counts.out;

/** Whole percent of the roll accounted for (an empty roll is all accounted for). */
export const accountedPercent = (counts: RollCounts): number =>
  counts.total === 0 ? 100 : Math.floor((accountedFor(counts) * 100) / counts.total);

/** Minutes a session ran (until now while it runs), never below zero. */
export function sessionMinutes(session: Pick<SessionSummary, 'started_at' | 'ended_at'>, now = Date.now()): number {
  const end = session.ended_at ? Date.parse(session.ended_at.at) : now;
  return Math.max(0, Math.round((end - Date.parse(session.started_at.at)) / 60_000));
}

/** How long a session ran, for people: minutes under an hour, else hours and minutes. */
export function durationParts(minutes: number): { key: 'minutes' | 'hours'; hours: number; minutes: number } {
  return minutes < 60
    ? { key: 'minutes', hours: 0, minutes }
    : { key: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** A session's areas by name: at most `max` of them, and how many more there are. */
export function placesSummary(session: Pick<SessionSummary, 'areas'>, max = 3): { names: string[]; more: number } {
  const names = session.areas.map((a) => a.name);
  return { names: names.slice(0, max), more: Math.max(0, names.length - max) };
}
