import type { FastifyInstance } from 'fastify';

// Forgot-password answers before it looks anything up (issue 24): the request only queues the address,
// the same work whether an account has it or not, so the answer's time says nothing of which emails
// have accounts. The queued work looks the address up and, for an account, takes the throttle, issues
// the link and mails it. Failures are logged; a mail once written stays in the outbox.

// Keyed by the app's mailer: one object for the app and its route plugins alike.
const queued = new WeakMap<object, Set<Promise<void>>>();

/** Runs `work` after the answer, tracked per app so tests and shutdown can wait for it. */
export function queueResetMail(app: FastifyInstance, work: () => Promise<void>): void {
  let set = queued.get(app.mailer);
  if (!set) queued.set(app.mailer, (set = new Set()));
  const own = set;
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) => app.log.error({ err }, 'password reset mail failed'));
  own.add(run);
  void run.finally(() => own.delete(run));
}

/** How many reset requests are queued and not yet done. */
export const resetMailsQueued = (app: FastifyInstance): number => queued.get(app.mailer)?.size ?? 0;

/** Waits for the queued reset requests to be done (tests, shutdown). */
export async function resetMailsSent(app: FastifyInstance): Promise<void> {
  const set = queued.get(app.mailer);
  while (set && set.size > 0) await Promise.all([...set]);
}
