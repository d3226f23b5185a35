// The embedded database answers inside this thread: without a turn of the event loop between
// statements, a job looping over hundreds of them (the compliance mails' sweep) kept every request
// waiting until it ended. Each top-level statement and transaction now starts on a turn of its own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client';
import { createTestApp, type TestContext } from './helpers/test-app';
import { createCompany } from './helpers/world';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/** How many of `n` awaited steps had run when a timer set before them fired (n: it never fired in between). */
async function stepsBeforeATimer(n: number, step: () => Promise<unknown>): Promise<number> {
  let done = 0;
  let firedAfter = n;
  setTimeout(() => (firedAfter = done), 0);
  for (; done < n; done++) await step();
  return firedAfter;
}

describe('the database between statements', () => {
  it('lets timers and requests run between a loop’s statements and transactions', async () => {
    const { entity } = await createCompany(ctx.db.db);
    expect(await stepsBeforeATimer(200, () => ctx.db.db.execute(sql`select 1`))).toBeLessThan(200);
    const transactions = () => withTenant(ctx.db.db, entity.id, (tx) => tx.execute(sql`select 1`));
    expect(await stepsBeforeATimer(200, transactions)).toBeLessThan(200);

    // A request made while a loop of transactions runs is answered before the loop ends.
    let loopDone = false;
    const loop = (async () => {
      for (let i = 0; i < 300; i++) await transactions();
      loopDone = true;
    })();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/entities/by-subdomain/${entity.subdomain}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(loopDone).toBe(false);
    await loop;
  });
});
