import { useEffect, useState } from 'react';

export type ScrollEdges = { before: boolean; after: boolean };

// Sub-pixel widths and rounding leave a pixel or so where nothing is really hidden.
const SLACK_PX = 2;

/**
 * Whether a horizontally scrolling box hides content before (inline start) or after (inline end) what
 * it shows, in either writing direction: in right-to-left pages the scroll position counts down from 0.
 */
export function useScrollEdges(box: HTMLElement | null): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    if (!box) return;
    const measure = () => {
      const scrolled = Math.abs(box.scrollLeft);
      const before = scrolled > SLACK_PX;
      const after = scrolled + box.clientWidth < box.scrollWidth - SLACK_PX;
      setEdges((prev) => (prev.before === before && prev.after === after ? prev : { before, after }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [box]);
  return edges;
}
