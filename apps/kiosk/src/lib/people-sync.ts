// When the kiosk fetches its people list again (decision 046): on asking, one fetch at a time, and no
// sooner than `minGapMs` after the last one ended. A change to people tells every kiosk of the company;
// on a busy day that is many changes a minute, and each fetch is the whole list (100,000 people are 50
// calls), so asks that come too soon are gathered into one fetch when the gap is over.
export type PeopleSync = {
  /** Fetch now, or as soon as the gap allows; asks meanwhile make no second fetch. */
  request: () => void;
  stop: () => void;
};

export function createPeopleSync(
  fetchAll: () => Promise<void>,
  opts: {
    minGapMs: number;
    now?: () => number;
    setTimer?: (run: () => void, ms: number) => () => void;
  },
): PeopleSync {
  const now = opts.now ?? (() => Date.now());
  const setTimer =
    opts.setTimer ??
    ((run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  let endedAt = Number.NEGATIVE_INFINITY;
  let running = false;
  let again = false;
  let cancelWait: (() => void) | null = null;
  let stopped = false;

  const request = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (cancelWait) return;
    const wait = endedAt + opts.minGapMs - now();
    if (wait > 0) {
      cancelWait = setTimer(() => {
        cancelWait = null;
        request();
      }, wait);
      return;
    }
    running = true;
    void fetchAll()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        endedAt = now();
        if (again) {
          again = false;
          request();
        }
      });
  };

  return {
    request,
    stop: () => {
      stopped = true;
      cancelWait?.();
      cancelWait = null;
    },
  };
}
