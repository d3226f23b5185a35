import { describe, expect, it } from 'vitest';
import { afterSave, pageAfterRedirect, pageToOpen, syncStatusHref, viewHref } from './flow-pages';

const ID = '01930000-0000-7000-8000-000000000001';
const RUN = '01930000-0000-7000-8000-0000000000aa';
const staff = { id: ID, name: 'Staff directory' };

describe('pageAfterRedirect', () => {
  it('sends errors, duplicates and valid users to their pages with the id', () => {
    expect(pageAfterRedirect('error', staff)).toBe(`/integration-error?id=${ID}`);
    expect(pageAfterRedirect('duplicate', staff)).toBe(`/integration-duplicate?id=${ID}`);
    expect(pageAfterRedirect('valid', staff)).toBe(`/integration-valid?id=${ID}`);
  });

  it('sends nothing left to the view, by id and name', () => {
    expect(pageAfterRedirect('none', staff)).toBe(`/view-integration/${ID}/Staff%20directory`);
  });
});

describe('viewHref', () => {
  it('opens the re-authenticate dialog when asked', () => {
    expect(viewHref({ id: ID, name: 'A/B' }, { reauth: true })).toBe(`/view-integration/${ID}/A%2FB?reauth=1`);
  });
});

describe('syncStatusHref', () => {
  it('names the run and whether it is a migration', () => {
    expect(syncStatusHref(ID, RUN)).toBe(`/sync-status?id=${ID}&run=${RUN}&migration=0`);
    expect(syncStatusHref(ID, RUN, true)).toBe(`/sync-status?id=${ID}&run=${RUN}&migration=1`);
  });
});

describe('pageToOpen', () => {
  it('continues a draft at its settings and opens the others', () => {
    expect(pageToOpen({ ...staff, status: 'draft' })).toBe(`/integration-settings?id=${ID}`);
    expect(pageToOpen({ ...staff, status: 'authentication_failed' })).toBe(`/view-integration/${ID}/Staff%20directory`);
  });
});

describe('afterSave', () => {
  const synced = { dir_code: 'azureAD' as const, last_success_at: '2025-01-01T00:00:00.000Z' };
  const fresh = { dir_code: 'azureAD' as const, last_success_at: null };

  it('follows a run the server started', () => {
    expect(afterSave({ runId: RUN, integration: synced })).toEqual({ kind: 'sync-status', runId: RUN });
  });

  it('asks the redirect type once synced, and stays before', () => {
    expect(afterSave({ runId: null, integration: synced })).toEqual({ kind: 'redirect-type' });
    expect(afterSave({ runId: null, integration: fresh })).toEqual({ kind: 'stay' });
  });

  it('opens the view of a SCIM integration', () => {
    expect(afterSave({ runId: null, integration: { dir_code: 'scim', last_success_at: null } })).toEqual({
      kind: 'view',
    });
  });
});
