import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

// PGlite runs in this thread and answers a statement synchronously inside its promise, so awaiting
// statement after statement never lets the event loop turn: a job that sweeps hundreds of visits, each
// in a short transaction of its own, kept every request waiting until the sweep ended (6 s on a company
// with a million visits). Each top-level statement and transaction therefore starts on a turn of the
// event loop of its own, where requests that arrived meanwhile get their place in PGlite's queue.
// Statements inside a transaction do not wait: the transaction holds the database either way.

const TAKES_TURNS = Symbol('takes turns');

export function takeTurns(client: PGlite): PGlite {
  const methods = client as unknown as Record<string | symbol, unknown>;
  if (methods[TAKES_TURNS]) return client;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    methods[name] = async (...args: unknown[]) => {
      await nextTurn();
      return run(...args);
    };
  }
  methods[TAKES_TURNS] = true;
  return client;
}
