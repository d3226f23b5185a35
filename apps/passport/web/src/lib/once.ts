// Some calls must run once per page visit even though React may mount a page twice (StrictMode in
// development) or re-render it: spending a one-time token, finishing an application's sign-in.
const started = new Map<string, Promise<unknown>>();

/** `run()` the first time `key` is asked for; later askers get the same promise. */
export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let promise = started.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = run();
    started.set(key, promise);
  }
  return promise;
}

/** Lets `key` run again (after a failure the person may retry). */
export function forgetOnce(key: string): void {
  started.delete(key);
}
