import type { FastifyInstance } from 'fastify';

/**
 * Capacity changed otherwise than by a visit (decision 054): a request to come in past a full place was
 * asked or decided, the company's settings or a place's limits changed. Open dashboards read occupancy
 * again.
 */
export function capacityChanged(app: FastifyInstance, entityId: string, approvalIds: readonly string[] = []) {
  app.realtime.toEntity(entityId, 'updateCapacity', { approval_ids: [...approvalIds] });
}
