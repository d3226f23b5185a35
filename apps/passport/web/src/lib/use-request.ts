// Server state for the passport's few screens, without a query library: a read that loads with the page
// (and again on demand), and an action that remembers whether it runs and how it failed.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, asApiError } from './api-error';
import { i18n } from './i18n';

export const toApiError = (error: unknown) => asApiError(error, i18n.t('errors.unknown'));

export type Request<T> = {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
  /** Replaces what is shown (after a change the server confirmed) without reading again. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
};

/** Loads `load()` when the component mounts and whenever `key` changes. */
export function useRequest<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Request<T> {
  const [attempt, setAttempt] = useState(0);
  // What was loaded, and for which key and attempt: loading is "the last answer is for another one", so
  // the effect never sets state before its request answers (the data shown stays until replaced).
  const request = `${attempt}:${key}`;
  const [state, setState] = useState<{ for?: string; data?: T; error?: ApiError }>({});
  const loader = useRef(load);
  useLayoutEffect(() => {
    loader.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ for: request, data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ for: request, error: toApiError(error) });
      },
    );
    return () => controller.abort();
  }, [request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) =>
      setState((current) => ({ ...current, data: update(current.data) })),
    [],
  );
  const loading = state.for !== request;
  return { data: state.data, error: loading ? undefined : state.error, loading, reload, setData };
}

export type Action<A extends unknown[], T> = {
  /** Runs the action; resolves to its result or its failure (which `error` then holds too). */
  run: (...args: A) => Promise<{ ok: true; value: T } | { ok: false; error: ApiError }>;
  pending: boolean;
  error: ApiError | undefined;
  reset: () => void;
};

export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>): Action<A, T> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });

  const run = useCallback(async (...args: A) => {
    setPending(true);
    setError(undefined);
    try {
      const value = await latest.current(...args);
      return { ok: true as const, value };
    } catch (caught) {
      const failure = toApiError(caught);
      setError(failure);
      return { ok: false as const, error: failure };
    } finally {
      setPending(false);
    }
  }, []);
  const reset = useCallback(() => setError(undefined), []);
  return { run, pending, error, reset };
}
