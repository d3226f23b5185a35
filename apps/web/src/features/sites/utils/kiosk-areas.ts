import type { SiteTree } from '@app/shared/sites/schemas';

export type AreaOptionGroup = { group: string; items: { value: string; label: string }[] };

/**
 * The areas a kiosk can stand in, grouped by site for a picker. `exclude` leaves out the area a
 * single kiosk is already in; sites without areas are left out.
 */
export function areaOptions(tree: SiteTree, exclude?: string): AreaOptionGroup[] {
  return tree
    .map((site) => ({
      group: site.text,
      items: site.children.filter((area) => area.id !== exclude).map((area) => ({ value: area.id, label: area.text })),
    }))
    .filter((group) => group.items.length > 0);
}

/** The site › area trail of an area. The arrow is a mirrored character: Arabic names point it right to left. */
export const placeLabel = (siteName: string, areaName: string) => `${siteName} › ${areaName}`;
