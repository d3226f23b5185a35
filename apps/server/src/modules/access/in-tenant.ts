import type { FastifyInstance } from 'fastify';
import { withTenant, type Executor } from '../../db/client';
import type { AccessContext } from './access.types';

/** Runs `fn` in one transaction of the caller's company, under row-level security (db/client withTenant). */
export const inTenant = <T>(app: FastifyInstance, ctx: AccessContext, fn: (tx: Executor) => Promise<T>) =>
  withTenant(app.db.db, ctx.entityId, fn);
