import { describe, expect, it } from 'vitest';
import { ScimError } from './scim-errors';
import { applyMemberOps, applyPatch, readPatchBody, PATCH_SCHEMA } from './scim-patch-ops';

const body = (...ops: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations: ops });

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return error instanceof ScimError ? `${error.status} ${error.scimType}` : String(error);
  }
  return 'accepted';
}

describe('PATCH operations as the identity providers send them', () => {
  it('lower-cases Entra’s operations and applies them', () => {
    const ops = readPatchBody(
      body(
        { op: 'Replace', path: 'name.familyName', value: 'Smith' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: 'a@example.com' },
        { op: 'Remove', path: 'nickName' },
      ),
    );
    expect(ops.map((o) => o.op)).toEqual(['replace', 'add', 'remove']);
    const patched = applyPatch(
      { name: { familyName: 'Jones' }, nickName: 'J', emails: [{ type: 'work', value: 'x' }] },
      ops,
    );
    expect(patched).toEqual({ name: { familyName: 'Smith' }, emails: [{ type: 'work', value: 'a@example.com' }] });
  });

  it('applies Okta’s value object without a path', () => {
    const patched = applyPatch(
      { userName: 'a', active: true },
      readPatchBody(body({ op: 'replace', value: { active: false } })),
    );
    expect(patched).toEqual({ userName: 'a', active: false });
  });

  it('refuses bodies and operations RFC 7644 §3.5.2 does not allow', () => {
    expect(refusal(() => readPatchBody({ Operations: [] }))).toBe('400 invalidSyntax');
    expect(refusal(() => readPatchBody(body()))).toBe('400 invalidSyntax');
    expect(refusal(() => readPatchBody(body({ op: 'move', path: 'a' })))).toBe('400 invalidSyntax');
    expect(refusal(() => readPatchBody(body({ op: 'remove' })))).toBe('400 noTarget');
    expect(refusal(() => readPatchBody(body({ op: 'add', path: 'a' })))).toBe('400 invalidSyntax');
    expect(refusal(() => readPatchBody(body({ op: 'replace', value: 'x' })))).toBe('400 invalidSyntax');
    const noMatch = readPatchBody(body({ op: 'replace', path: 'emails[type eq "home"]', value: { value: 'x' } }));
    expect(refusal(() => applyPatch({ emails: [{ type: 'work', value: 'y' }] }, noMatch))).toBe('400 noTarget');
  });

  it('removes what is not there as a change of nothing', () => {
    const gone = readPatchBody(
      body(
        { op: 'remove', path: 'phoneNumbers[type eq "mobile"]' },
        { op: 'remove', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager' },
        { op: 'remove', path: 'urn:ietf:params:scim:schemas:core:2.0:User:nickName' },
      ),
    );
    expect(applyPatch({ userName: 'a' }, gone)).toEqual({ userName: 'a' });
    expect(applyPatch({ userName: 'a', nickName: 'b' }, gone)).toEqual({ userName: 'a' });
  });

  it('reads member operations into the members that remain, in every form', () => {
    const a = 'aaaaaaaa-0000-4000-8000-000000000001';
    const b = 'bbbbbbbb-0000-4000-8000-000000000002';
    const c = 'cccccccc-0000-4000-8000-000000000003';
    const ops = readPatchBody(
      body(
        { op: 'Add', path: 'members', value: [{ value: b }, { value: c.toUpperCase() }] },
        { op: 'Remove', path: 'members', value: [{ value: a }] },
        { op: 'remove', path: `members[value eq "${b.toUpperCase()}"]` },
        { op: 'replace', path: 'displayName', value: 'New name' },
      ),
    );
    const changes = applyMemberOps([a], ops);
    expect(changes.memberIds).toEqual([c]);
    expect(changes.rest).toEqual([{ op: 'replace', path: 'displayName', value: 'New name' }]);
    const okta = applyMemberOps(
      [a, b],
      readPatchBody(body({ op: 'replace', value: { id: 'g', members: [{ value: c }] } })),
    );
    expect(okta).toEqual({ memberIds: [c], rest: [{ op: 'replace', value: { id: 'g' } }] });
    expect(applyMemberOps([a, b], readPatchBody(body({ op: 'remove', path: 'members' }))).memberIds).toEqual([]);
    expect(
      refusal(() => applyMemberOps([], readPatchBody(body({ op: 'add', path: 'members', value: [{ display: 'x' }] })))),
    ).toBe('400 invalidValue');
    expect(
      refusal(() =>
        applyMemberOps([], readPatchBody(body({ op: 'add', path: 'members', value: [{ value: a, type: 'Group' }] }))),
      ),
    ).toBe('400 invalidValue');
  });
});
