// The shared contract's numbers the kiosk needs at run time. Their modules build zod schemas when they
// load, which would put the validation library in the tablet's first load; limits.test.ts holds these
// equal to the contract's.
export const LIMITS = {
  /** KIOSK_HEARTBEAT_MS: how often a registered kiosk reports that it is alive. */
  heartbeatMs: 30_000,
  /** KIOSK_LOG_LIMITS.linesMax and messageMax. */
  logLinesMax: 100,
  logMessageMax: 1000,
  /** KIOSK_REQUEST_LIMITS.screenIntervalMs and screenBytesMax, dataBytesMax, detailMax. */
  screenIntervalMs: 2_000,
  screenBytesMax: 1024 * 1024,
  dataBytesMax: 5 * 1024 * 1024,
  detailMax: 500,
  /** FLOW_LIMITS.doorOpenSeconds.default: how long a door stays open when the request names no time. */
  doorOpenSeconds: 5,
  /** KIOSK_SETTINGS_DEFAULTS.offline_hours. */
  offlineHours: 24,
} as const;
