// What the delivery log's address holds, so a reload, a change of language or a link opens the same
// view: the status shown (every status unless asked).
import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES } from '@app/shared/webhooks/schemas';

export const deliveriesPageFiltersSchema = z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });

/** The deliveries shown per page. */
export const DELIVERIES_PAGE_SIZE = 25;

/** The number of pages a log of `count` deliveries fills (at least one). */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / DELIVERIES_PAGE_SIZE));
