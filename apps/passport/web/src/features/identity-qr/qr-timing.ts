// When the QR identity is replaced, read on this device's clock. The server says how many seconds from now
// to ask again (refresh_in); its expires_at is on the server's clock, trusted only when the two clocks
// roughly agree. A code is never shown as valid past what either says.

export type QrTicket = {
  token: string;
  /** This device's time (ms) when the token arrived. */
  fetchedAt: number;
  /** Seconds until the next token is due. */
  refreshIn: number;
  /** This device's time (ms) after which the token no longer works. */
  expiresAt: number;
};

/** The server's advice, kept within sane bounds: never hammering it, never keeping one code for an hour. */
export const MIN_REFRESH_S = 5;
export const MAX_REFRESH_S = 600;
/** A tab shown again this soon after a fetch keeps its code (a flick between apps). */
export const VISIBLE_REFETCH_GAP_MS = 2000;
const MAX_RETRY_MS = 30_000;

export function ticketOf(
  response: { token: string; expires_at: string; refresh_in: number },
  fetchedAt: number,
): QrTicket {
  const refreshIn = Math.min(MAX_REFRESH_S, Math.max(MIN_REFRESH_S, Math.round(response.refresh_in)));
  const refreshAt = fetchedAt + refreshIn * 1000;
  const serverExpiry = Date.parse(response.expires_at);
  // A server expiry before the refresh, or absurdly far off, means the clocks disagree: the refresh time rules.
  const plausible =
    Number.isFinite(serverExpiry) && serverExpiry >= refreshAt && serverExpiry - fetchedAt <= 2 * MAX_REFRESH_S * 1000;
  return { token: response.token, fetchedAt, refreshIn, expiresAt: plausible ? serverExpiry : refreshAt };
}

/** Milliseconds until the next token should be fetched. */
export function refreshDelayMs(ticket: QrTicket, now: number): number {
  return Math.max(0, ticket.fetchedAt + ticket.refreshIn * 1000 - now);
}

/** Whole seconds left before the code changes, for the countdown. */
export function secondsLeft(ticket: QrTicket, now: number): number {
  return Math.ceil(refreshDelayMs(ticket, now) / 1000);
}

/** The share of the current code's time still left, from 1 (just fetched) to 0 (due). */
export function fractionLeft(ticket: QrTicket, now: number): number {
  return Math.min(1, refreshDelayMs(ticket, now) / (ticket.refreshIn * 1000));
}

/** The code on screen no longer works (its refresh failed for too long): it must not look usable. */
export function isExpired(ticket: QrTicket, now: number): boolean {
  return now >= ticket.expiresAt;
}

/** When the tab is shown again: fetch a new code unless this one has only just arrived. */
export function shouldRefetchOnVisible(ticket: QrTicket | undefined, now: number): boolean {
  return !ticket || now - ticket.fetchedAt >= VISIBLE_REFETCH_GAP_MS || now < ticket.fetchedAt;
}

/** After `failures` failed fetches in a row: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.max(0, failures - 1));
}
