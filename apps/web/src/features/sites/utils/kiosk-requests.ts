import type { KioskRequestStatus } from '@app/shared/kiosks/requests';
import type { SiteTree, TreeDoor } from '@app/shared/sites/schemas';

/** The colour of a request's state: under way, done, or ended otherwise. */
export const REQUEST_STATUS_COLOURS: Record<KioskRequestStatus, string> = {
  placed: 'gray',
  pending: 'gray',
  delivered: 'blue',
  running: 'blue',
  succeeded: 'teal',
  failed: 'red',
  canceled: 'gray',
  closed: 'gray',
};

/** The doors of an area, which the door action may name. */
export function doorsOfArea(tree: SiteTree, areaId: string): TreeDoor[] {
  for (const site of tree) {
    const area = site.children.find((a) => a.id === areaId);
    if (area) return area.doors;
  }
  return [];
}

/** A moment with seconds, on this browser's clock: a request's steps are seconds apart. */
export function timeWithSeconds(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
