// What the integration tests ask the API again and again: a run once every run this process started
// has ended, a page of temporary users by state, and a manual sync followed to its end.
import { expect } from 'vitest';
import type { IntegrationRun, TempUser } from '@app/shared/integrations/schemas';
import type { App } from '../../src/app';
import { integrationRunsEnded } from '../../src/modules/integrations/integration-runs';
import type { TestClient } from './http-client';

export function integrationCalls(app: App, admin: TestClient) {
  /** The run as the API answers it, once the runs going have ended. */
  async function runOf(id: string, runId: string) {
    await integrationRunsEnded(app);
    const res = await admin.get(`/integrations/${id}/runs/${runId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<IntegrationRun>();
  }

  /** A sync asked for (or the run `start` answered), followed to its end. */
  async function sync(id: string, start?: { run_id: string }) {
    if (start) return runOf(id, start.run_id);
    const started = await admin.post(`/integrations/${id}/runs`, {});
    expect(started.statusCode, started.body).toBe(202);
    return runOf(id, started.json<{ run_id: string }>().run_id);
  }

  async function temps(id: string, state: 'error' | 'duplicate' | 'valid') {
    const res = await admin.get(`/integrations/${id}/temp-users?state=${state}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: TempUser[]; count: number }>();
  }

  return { runOf, sync, temps };
}
