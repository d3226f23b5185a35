import { z } from 'zod';
import { PAGING } from '../constants';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(PAGING.defaultPage),
  limit: z.coerce.number().int().min(1).max(PAGING.maxLimit).default(PAGING.defaultLimit),
});

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), count: z.number().int() });

export const idParam = z.object({ id: z.uuid() });
export const okResponse = z.object({ ok: z.literal(true) });
