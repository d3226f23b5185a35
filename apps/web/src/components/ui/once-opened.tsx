import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children (typically a lazily loaded modal) from the first time `opened` is true on,
 * so a screen does not load a dialog nobody opened, and a dialog once shown still closes with its
 * transition.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
