import { Worker, type TransferListItem } from 'node:worker_threads';

// Work off the event loop in worker threads that start on first use and stop when idle, so that their
// memory (a heap of their own, a model loaded in it) goes back. From the sources (tests, `tsx`) a worker
// is its TypeScript file, loaded through tsx's loader; from the bundle it is the bundled file beside
// server.js (scripts/build.ts). Messages are `{ id, input }`, answers `{ id, result }` or `{ id, error }`.

export type ThreadPoolOptions = {
  /** What the work is, for errors. */
  name: string;
  /** The worker's TypeScript file, from the caller's `import.meta.url`. */
  source: URL;
  /** The bundled worker's file name beside server.js. */
  bundled: string;
  threads?: number;
  /** A thread idle this long stops. */
  idleMs?: number;
};

type Pending = { resolve: (result: unknown) => void; reject: (err: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending>; idle?: NodeJS.Timeout };
type Reply = { id: number; result?: unknown; error?: string };

export function createThreadPool<In, Out>(options: ThreadPoolOptions) {
  const size = options.threads ?? 1;
  const idleMs = options.idleMs ?? 60_000;
  const threads: Thread[] = [];
  let nextId = 0;

  function spawn(): Worker {
    if (options.source.href.endsWith('.ts') && import.meta.url.endsWith('.ts')) {
      const target = JSON.stringify(options.source.href);
      return new Worker(`import('tsx/esm/api').then((t) => { t.register(); return import(${target}); })`, {
        eval: true,
      });
    }
    return new Worker(new URL(`./${options.bundled}`, import.meta.url));
  }

  const forget = (thread: Thread) => {
    const i = threads.indexOf(thread);
    if (i >= 0) threads.splice(i, 1);
  };

  function startThread(): Thread {
    const thread: Thread = { worker: spawn(), pending: new Map() };
    const fail = (err: Error) => {
      forget(thread);
      for (const p of thread.pending.values()) p.reject(err);
      thread.pending.clear();
    };
    thread.worker.on('message', ({ id, result, error }: Reply) => {
      const p = thread.pending.get(id);
      thread.pending.delete(id);
      // An idle thread does not keep the process alive, and stops after a while.
      if (thread.pending.size === 0) {
        thread.worker.unref();
        thread.idle = setTimeout(() => {
          if (thread.pending.size > 0) return;
          forget(thread);
          void thread.worker.terminate();
        }, idleMs).unref();
      }
      if (!p) return;
      if (error === undefined) p.resolve(result);
      else p.reject(new Error(`${options.name} failed: ${error}`));
    });
    thread.worker.on('error', fail);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) fail(new Error(`${options.name} thread stopped (${code})`));
    });
    thread.worker.unref();
    threads.push(thread);
    return thread;
  }

  return {
    /** Runs one input on the least busy thread (a new one while there are fewer than `threads`). */
    run(input: In, transfer: readonly TransferListItem[] = []): Promise<Out> {
      const thread =
        threads.length < size ? startThread() : threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<Out>((resolve, reject) => {
        thread.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
        clearTimeout(thread.idle);
        thread.worker.ref();
        thread.worker.postMessage({ id, input }, transfer);
      });
    },
    /** Stops every thread now (tests, shutdown). */
    async close() {
      const all = threads.splice(0);
      for (const t of all) {
        clearTimeout(t.idle);
        for (const p of t.pending.values()) p.reject(new Error(`${options.name} stopped`));
        t.pending.clear();
      }
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}

/** The worker's side: answers each `{ id, input }` with `handle(input)`. */
export async function serveThread<In, Out>(handle: (input: In) => Promise<Out> | Out) {
  const { parentPort } = await import('node:worker_threads');
  parentPort?.on('message', ({ id, input }: { id: number; input: In }) => {
    void (async () => {
      try {
        parentPort.postMessage({ id, result: await handle(input) });
      } catch (err) {
        parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
}
