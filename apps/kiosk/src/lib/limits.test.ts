import { describe, expect, it } from 'vitest';
import { FLOW_LIMITS } from '@app/shared/journeys/flow-settings';
import { KIOSK_LOG_LIMITS } from '@app/shared/kiosks/device-logs';
import { KIOSK_REQUEST_LIMITS } from '@app/shared/kiosks/requests';
import { KIOSK_HEARTBEAT_MS, KIOSK_SETTINGS_DEFAULTS } from '@app/shared/kiosks/schemas';
import { LIMITS } from './limits';

describe('the kiosk’s copy of the contract’s numbers', () => {
  it('equals the contract', () => {
    expect(LIMITS).toEqual({
      heartbeatMs: KIOSK_HEARTBEAT_MS,
      logLinesMax: KIOSK_LOG_LIMITS.linesMax,
      logMessageMax: KIOSK_LOG_LIMITS.messageMax,
      screenIntervalMs: KIOSK_REQUEST_LIMITS.screenIntervalMs,
      screenBytesMax: KIOSK_REQUEST_LIMITS.screenBytesMax,
      dataBytesMax: KIOSK_REQUEST_LIMITS.dataBytesMax,
      detailMax: KIOSK_REQUEST_LIMITS.detailMax,
      doorOpenSeconds: FLOW_LIMITS.doorOpenSeconds.default,
      offlineHours: KIOSK_SETTINGS_DEFAULTS.offline_hours,
    });
  });
});
