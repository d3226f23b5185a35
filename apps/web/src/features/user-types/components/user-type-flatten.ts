import type { UserTypeNode } from '@app/shared/user-types/schemas';

export type FlatUserType = { node: UserTypeNode; depth: number };

/** The tree in display order, each type with its depth. */
export function flattenUserTypes(nodes: UserTypeNode[], depth = 0): FlatUserType[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenUserTypes(node.children, depth + 1)]);
}

/** Ids of a type and all types below it: none of them can become its parent. */
export function subtreeIds(node: UserTypeNode): Set<string> {
  return new Set([node.id, ...node.children.flatMap((child) => [...subtreeIds(child)])]);
}
