import { fakePerson, type FakeNames } from './fake-people';

// The Microsoft Graph fake's tenant: users, groups and direct memberships, kept so that 50,000 users cost
// nothing until read. The n-th generated user is fake-people.ts's n-th person, built when asked for; only
// what tests change (added, changed, deleted users, memberships) is stored. Group i of the first four holds
// the generated users with (n - 1) % 4 === i, and the first has the second as a nested group member.
// Every change gets a sequence number, which the delta rounds read: a delta token is "changes after N".

export type GraphFakeUser = {
  id: string;
  givenName: string | null;
  surname: string | null;
  displayName: string | null;
  mail: string | null;
  userPrincipalName: string;
  mobilePhone: string | null;
  businessPhones: string[];
  employeeId: string | null;
  department: string | null;
  accountEnabled: boolean;
};

export type GraphFakeGroup = { id: string; displayName: string; deleted: boolean };

export type MemberChange = { seq: number; groupId: string; memberId: string; added: boolean };

const DEPARTMENTS = ['Administration', 'Teaching', 'Facilities', 'Finance', 'IT'];
const BASE_GROUPS = ['All Staff', 'Teachers', 'Students', 'Contractors'];
const DEMO_GROUPS = ['Staff', 'Teachers', 'Students', 'Visitors team'];

const guid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const graphFakeUserId = (n: number) => guid('7a000000', n);
const addedUserId = (k: number) => guid('7b000000', k);
const groupIdOf = (k: number) => guid('9c000000', k);

export type GraphFakeDataOptions = { users: number; domain: string; seed: number; demo: boolean; names?: FakeNames };

export class GraphFakeDirectory {
  /** The last change's sequence number. */
  seq = 0;
  readonly groups: GraphFakeGroup[];
  /** Last change of each user (added, changed, deleted). */
  readonly userSeq = new Map<string, number>();
  /** Renamed or deleted groups. */
  readonly groupSeq = new Map<string, number>();
  readonly memberLog: MemberChange[] = [];
  private readonly generated: number;
  private readonly added: string[] = [];
  /** A stored user replaces the generated one; null: deleted. */
  private readonly stored = new Map<string, GraphFakeUser | null>();
  private readonly memberAdds = new Map<string, Set<string>>();
  private readonly memberRemoves = new Map<string, Set<string>>();
  /** Groups that are members of a group (parent → children). */
  private readonly nested = new Map<string, Set<string>>();

  constructor(private readonly options: GraphFakeDataOptions) {
    this.generated = options.users;
    const names = options.demo ? DEMO_GROUPS : BASE_GROUPS;
    this.groups = names.map((displayName, i) => ({ id: groupIdOf(i + 1), displayName, deleted: false }));
    this.nested.set(this.groups[0]!.id, new Set([this.groups[1]!.id]));
  }

  /** Users in a stable order: the generated ones, then those added. */
  get slots(): number {
    return this.generated + this.added.length;
  }

  idAt(slot: number): string {
    return slot < this.generated ? graphFakeUserId(slot + 1) : this.added[slot - this.generated]!;
  }

  private generatedN(id: string): number | null {
    const match = /^7a000000-0000-4000-8000-(\d{12})$/.exec(id);
    const n = match ? Number(match[1]) : 0;
    return n >= 1 && n <= this.generated ? n : null;
  }

  private generate(n: number): GraphFakeUser {
    const p = fakePerson(n, this.options.domain, this.options.seed, this.options.names);
    const user: GraphFakeUser = {
      id: graphFakeUserId(n),
      givenName: p.firstName,
      surname: p.lastName,
      displayName: `${p.firstName} ${p.lastName}`,
      mail: p.email,
      userPrincipalName: p.email,
      // Half carry a mobile, half only a business phone: both are read.
      mobilePhone: n % 2 === 0 ? p.phone : null,
      businessPhones: n % 2 === 0 ? [] : [p.phone],
      employeeId: p.employeeId,
      department: DEPARTMENTS[n % DEPARTMENTS.length]!,
      accountEnabled: true,
    };
    if (!this.options.demo) return user;
    // The demo's imperfect people: a missing surname, a malformed email, an email another person has.
    if (n === 5) return { ...user, surname: null, displayName: p.firstName };
    if (n === 9) return { ...user, mail: `${p.email.split('@')[0]}@@${this.options.domain}` };
    if (n === 13) return { ...user, mail: fakePerson(12, this.options.domain, this.options.seed).email };
    return user;
  }

  user(id: string): GraphFakeUser | null {
    if (this.stored.has(id)) return this.stored.get(id) ?? null;
    const n = this.generatedN(id);
    return n === null ? null : this.generate(n);
  }

  group(id: string): GraphFakeGroup | null {
    return this.groups.find((g) => g.id === id && !g.deleted) ?? null;
  }

  private baseGroupOf(userId: string): string | null {
    const n = this.generatedN(userId);
    return n === null ? null : (this.groups[(n - 1) % BASE_GROUPS.length]?.id ?? null);
  }

  /** Whether the user exists, without building a generated one. */
  private exists(id: string): boolean {
    return this.stored.has(id) ? this.stored.get(id) !== null : this.generatedN(id) !== null;
  }

  isMember(groupId: string, userId: string): boolean {
    if (!this.exists(userId) || this.memberRemoves.get(groupId)?.has(userId)) return false;
    return this.memberAdds.get(groupId)?.has(userId) === true || this.baseGroupOf(userId) === groupId;
  }

  /** The groups that are direct members of a group. */
  groupMembersOf(groupId: string): string[] {
    return [...(this.nested.get(groupId) ?? [])].filter((id) => this.group(id));
  }

  /** The groups a user is a direct member of, or through nested groups too. */
  memberOf(userId: string, transitive: boolean): GraphFakeGroup[] {
    const direct = this.groups.filter((g) => !g.deleted && this.isMember(g.id, userId));
    if (!transitive) return direct;
    const found = new Set(direct.map((g) => g.id));
    for (let grew = true; grew;) {
      grew = false;
      for (const [parent, children] of this.nested)
        if (!found.has(parent) && this.group(parent) && [...children].some((c) => found.has(c))) {
          found.add(parent);
          grew = true;
        }
    }
    return this.groups.filter((g) => found.has(g.id));
  }

  /** Every user id of a group, in slot order (tests' expectations; the fake's pages scan slots lazily). */
  usersOf(groupId: string): string[] {
    const ids: string[] = [];
    for (let slot = 0; slot < this.slots; slot++) {
      const id = this.idAt(slot);
      if (this.isMember(groupId, id)) ids.push(id);
    }
    return ids;
  }

  private logMember(groupId: string, memberId: string, added: boolean) {
    this.memberLog.push({ seq: ++this.seq, groupId, memberId, added });
  }

  addUser(input: Partial<Omit<GraphFakeUser, 'id'>>): GraphFakeUser {
    const id = addedUserId(this.added.length + 1);
    const local = input.mail?.split('@')[0] ?? `added${this.added.length + 1}`;
    const user: GraphFakeUser = {
      givenName: null,
      surname: null,
      displayName: null,
      mail: null,
      userPrincipalName: `${local}@${this.options.domain}`,
      mobilePhone: null,
      businessPhones: [],
      employeeId: null,
      department: null,
      accountEnabled: true,
      ...input,
      id,
    };
    this.added.push(id);
    this.stored.set(id, user);
    this.userSeq.set(id, ++this.seq);
    return user;
  }

  changeUser(id: string, patch: Partial<Omit<GraphFakeUser, 'id'>>) {
    const user = this.user(id);
    if (!user) throw new Error(`No user ${id}`);
    this.stored.set(id, { ...user, ...patch, id });
    this.userSeq.set(id, ++this.seq);
  }

  /** Deleting a user also takes it out of its groups, as Graph's groups delta then reports. */
  removeUser(id: string) {
    if (!this.user(id)) throw new Error(`No user ${id}`);
    const groups = this.memberOf(id, false);
    this.stored.set(id, null);
    for (const g of groups) this.logMember(g.id, id, false);
    this.userSeq.set(id, ++this.seq);
  }

  addGroup(displayName: string): GraphFakeGroup {
    const group = { id: groupIdOf(this.groups.length + 1), displayName, deleted: false };
    this.groups.push(group);
    this.groupSeq.set(group.id, ++this.seq);
    return group;
  }

  removeGroup(id: string) {
    const group = this.group(id);
    if (!group) throw new Error(`No group ${id}`);
    group.deleted = true;
    this.groupSeq.set(id, ++this.seq);
  }

  addMember(groupId: string, userId: string) {
    if (!this.group(groupId) || !this.user(userId)) throw new Error(`No group ${groupId} or user ${userId}`);
    if (this.isMember(groupId, userId)) return;
    this.memberRemoves.get(groupId)?.delete(userId);
    if (this.baseGroupOf(userId) !== groupId) {
      const adds = this.memberAdds.get(groupId) ?? new Set<string>();
      adds.add(userId);
      this.memberAdds.set(groupId, adds);
    }
    this.logMember(groupId, userId, true);
  }

  removeMember(groupId: string, userId: string) {
    if (!this.isMember(groupId, userId)) return;
    this.memberAdds.get(groupId)?.delete(userId);
    if (this.baseGroupOf(userId) === groupId) {
      const removes = this.memberRemoves.get(groupId) ?? new Set<string>();
      removes.add(userId);
      this.memberRemoves.set(groupId, removes);
    }
    this.logMember(groupId, userId, false);
  }

  /** Users changed after `since`, oldest change first. */
  usersChangedSince(since: number): string[] {
    return [...this.userSeq]
      .filter(([, seq]) => seq > since)
      .sort((a, b) => a[1] - b[1])
      .map(([id]) => id);
  }
}
