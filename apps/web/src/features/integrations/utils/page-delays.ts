import { INTEGRATION_TIMINGS } from '@app/shared/integrations/status';

// Spec §2 "Delays apply before the integration error (1 s), duplicate (0.5 s) and valid-users (1 s)
// pages": the route's loader waits (app/route-shells appPage's `wait`), so the records the run has
// just written are there when the page asks for them.

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const errorPageDelay = (): Promise<void> => pause(INTEGRATION_TIMINGS.errorPageDelayMs);
export const duplicatePageDelay = (): Promise<void> => pause(INTEGRATION_TIMINGS.duplicatePageDelayMs);
export const validPageDelay = (): Promise<void> => pause(INTEGRATION_TIMINGS.validPageDelayMs);
