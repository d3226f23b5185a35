// What a kiosk sends of its own log while its logging is on (remote action `kiosk_logging`).
import { z } from 'zod';

export const KIOSK_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;

export const KIOSK_LOG_LIMITS = {
  linesMax: 100,
  messageMax: 1000,
  /** Lines older than this are not taken: a kiosk long offline sends what is recent. */
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  /** A tablet's clock may run a little ahead. */
  maxAheadMs: 5 * 60 * 1000,
} as const;

const lineTime = z.iso.datetime({ offset: true }).refine(
  (at) => {
    const ms = Date.parse(at);
    const now = Date.now();
    return ms >= now - KIOSK_LOG_LIMITS.maxAgeMs && ms <= now + KIOSK_LOG_LIMITS.maxAheadMs;
  },
  { message: 'kiosk_log_time_out_of_range' },
);

export const kioskLogLinesBodySchema = z.object({
  lines: z
    .array(
      z.object({
        level: z.enum(KIOSK_LOG_LEVELS),
        message: z.string().trim().min(1).max(KIOSK_LOG_LIMITS.messageMax),
        at: lineTime,
      }),
    )
    .min(1)
    .max(KIOSK_LOG_LIMITS.linesMax),
});
export type KioskLogLinesBody = z.infer<typeof kioskLogLinesBodySchema>;
