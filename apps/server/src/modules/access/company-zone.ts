import { safeTimeZone } from '@app/shared/time-zones';
import type { AccessContext } from './access.types';

/**
 * The company's clock (its time zone, set on the company page): what "today" is, midnight sign-out,
 * permit windows and the times shown. A stored name the runtime does not know reads as UTC.
 */
export const companyZone = (ctx: Pick<AccessContext, 'entity'>): string => safeTimeZone(ctx.entity.timezone);
