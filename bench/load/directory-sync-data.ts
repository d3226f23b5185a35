// What the directory-sync case's processes share: the Microsoft Graph fake's groups as the admin maps
// them to the company's user types, the fields taken, and the directory's users as the sync judges
// them (the raw INSERT baseline writes exactly those values).
import type { IntegrationMapping } from '../../apps/server/src/db/schema/index';
import { graphRecordOf } from '../../apps/server/src/modules/integrations/connectors/microsoft-graph-records';
import { candidateOf, type Candidate } from '../../apps/server/src/modules/integrations/directory-record';
import {
  GraphFakeDirectory,
  graphFakeUserId,
} from '../../apps/server/src/modules/integrations/fakes/microsoft-graph-fake-data';

/** The fake's four groups (each holds every fourth user) and the demo user type each is mapped to. */
export const GROUP_USER_TYPES: Record<string, string> = {
  'All Staff': 'Staff',
  Teachers: 'Interns',
  Students: 'Visitors',
  Contractors: 'Delivery',
};

export const SYNC_FIELDS = ['email', 'phone', 'id_number', 'department'] as const;

/**
 * startMicrosoftGraphFake's tenant when given a number of users and `names: 'many'` (full names nearly
 * all different, as a real directory's; bench/load/directory-sync-fake.ts).
 */
export const FAKE_TENANT = { domain: 'contoso.example', seed: 1, demo: false, names: 'many' } as const;

/** The mapping the admin saves: every group, in the fake's order, to its user type (ids by type name). */
export function mappingOf(userTypeIds: Record<string, string>, groups: { id: string; name: string }[]) {
  return groups.map((g) => {
    const typeName = GROUP_USER_TYPES[g.name];
    const userTypeId = typeName ? userTypeIds[typeName] : undefined;
    if (!userTypeId) throw new Error(`no user type for the group ${g.name}`);
    return { id: g.id, name: g.name, user_type_id: userTypeId };
  });
}

/** The fake's `users` users as the sync judges them (names, email, phone split, id number, department, hash). */
export function* directoryCandidates(users: number, userTypeIds: Record<string, string>): Generator<Candidate> {
  const dir = new GraphFakeDirectory({ users, ...FAKE_TENANT });
  const mapping: IntegrationMapping = {
    groups: mappingOf(
      userTypeIds,
      dir.groups.map((g) => ({ id: g.id, name: g.displayName })),
    ).map((g) => ({ id: g.id, name: g.name, userTypeId: g.user_type_id })),
    fields: [...SYNC_FIELDS],
  };
  for (let n = 1; n <= users; n++) {
    const user = dir.user(graphFakeUserId(n))!;
    const record = graphRecordOf(
      user,
      dir.memberOf(user.id, false).map((g) => g.id),
    );
    if (!record.ok) throw new Error(`the fake's user ${n} is malformed: ${record.problem}`);
    yield candidateOf(record.user, mapping);
  }
}
