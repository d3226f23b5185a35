// What an attempt came to, as the list, the log and the detail show it: the endpoint's status code
// (a success is any 2xx), or why nothing came back (WEBHOOK_ATTEMPT_ERRORS), each with its words.
import type { WebhookAttemptError, WebhookDelivery } from '@app/shared/webhooks/schemas';
import { formatDate } from '@/lib/dates';

type Attempt = NonNullable<WebhookDelivery['last_attempt']>;

export type AttemptOutcome =
  { kind: 'status'; code: number; ok: boolean } | { kind: 'error'; error: WebhookAttemptError; code: number | null };

/** The attempt's outcome: an error wins over a status (a redirect's 3xx is told as "redirected"). */
export function attemptOutcome(attempt: Pick<Attempt, 'response_status' | 'error'>): AttemptOutcome | null {
  if (attempt.error) return { kind: 'error', error: attempt.error, code: attempt.response_status };
  if (attempt.response_status === null) return null;
  const code = attempt.response_status;
  return { kind: 'status', code, ok: code >= 200 && code < 300 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as the app writes moments (DD/MM/YYYY HH:mm, on this browser's clock), with its seconds:
 * attempts of one message are often a few seconds apart. Empty when it is not a moment.
 */
export function formatMomentWithSeconds(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A duration in milliseconds as read: under a second in ms, else in seconds with one decimal. */
export function durationParts(ms: number): { unit: 'ms' | 's'; value: string } {
  if (ms < 1000) return { unit: 'ms', value: String(Math.max(0, Math.round(ms))) };
  return { unit: 's', value: (ms / 1000).toFixed(1) };
}

/** A body as sent or answered: JSON indented two spaces; anything else as it came. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
