import { describe, expect, it } from 'vitest';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { userTypeOptions } from './tree-options';

const node = (id: string, name: string, children: UserTypeNode[] = []) =>
  ({ id, name, children }) as unknown as UserTypeNode;

describe('userTypeOptions', () => {
  it('lists the tree depth first, each type with its depth', () => {
    const tree = [
      node('s', 'Staff', [node('i', 'Interns')]),
      node('v', 'Visitors', [node('c', 'Contractors', [node('e', 'Electricians')])]),
    ];
    expect(userTypeOptions(tree)).toEqual([
      { value: 's', label: 'Staff', depth: 0 },
      { value: 'i', label: 'Interns', depth: 1 },
      { value: 'v', label: 'Visitors', depth: 0 },
      { value: 'c', label: 'Contractors', depth: 1 },
      { value: 'e', label: 'Electricians', depth: 2 },
    ]);
  });
});
