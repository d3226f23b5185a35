import { describe, expect, it } from 'vitest';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { flattenUserTypes, subtreeIds } from './user-type-flatten';

const node = (id: string, children: UserTypeNode[] = []): UserTypeNode => ({
  id,
  parent_id: null,
  name: id,
  registration_method: 'registration_allowed',
  grace_period_minutes: 30,
  mandatory_profile_data: [],
  can_switch_own_type: false,
  auto_approve_visits: false,
  visits_need_permit: false,
  child_count: children.length,
  children,
});

describe('user type tree helpers', () => {
  const tree = [node('a', [node('b', [node('c')])]), node('d')];

  it('flattens in display order with depths', () => {
    expect(flattenUserTypes(tree).map(({ node: n, depth }) => `${n.id}${depth}`)).toEqual(['a0', 'b1', 'c2', 'd0']);
  });

  it('collects a subtree', () => {
    expect([...subtreeIds(tree[0]!)].sort()).toEqual(['a', 'b', 'c']);
  });
});
