import type { SiteTree } from '@app/shared/sites/schemas';
import type { UserTypeNode } from '@app/shared/user-types/schemas';

export type TreeOption = { value: string; label: string; depth: number };

/** The user type tree as a list in tree order, each type with its depth for indenting. */
export function userTypeOptions(tree: readonly UserTypeNode[], depth = 0): TreeOption[] {
  return tree.flatMap((node) => [
    { value: node.id, label: node.name, depth },
    ...userTypeOptions(node.children, depth + 1),
  ]);
}

/** The sites of the site → area tree (areas are not chosen for a person). */
export const siteOptions = (tree: SiteTree): TreeOption[] =>
  tree.map((site) => ({ value: site.value, label: site.text, depth: 0 }));
