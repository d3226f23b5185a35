import { describe, expect, it } from 'vitest';
import type { IntegrationRun } from '@app/shared/integrations/schemas';
import { firstPollDelay, isMigrationRun, retryOf, retrySyncKind, runViewOf } from './run-view';

const run = (
  code: number,
  extra: Partial<Pick<IntegrationRun, 'kind' | 'message' | 'progress'>> = {},
): Pick<IntegrationRun, 'kind' | 'sync_status' | 'message' | 'progress'> => ({
  kind: 'first',
  sync_status: { id: code, text: `text ${code}` },
  message: null,
  progress: 40,
  ...extra,
});

describe('runViewOf', () => {
  it('shows a processing run with its progress, a queued one as waiting', () => {
    expect(runViewOf(run(11))).toMatchObject({ stage: 'processing', retry: null, progress: 40, queued: false });
    expect(runViewOf(run(0))).toMatchObject({ stage: 'processing', queued: true });
    expect(runViewOf(run(6, { progress: 180 })).progress).toBe(100);
  });

  it('fills the bar of a finished run', () => {
    expect(runViewOf(run(3))).toMatchObject({ stage: 'done', progress: 100, message: { kind: 'none' } });
    expect(runViewOf(run(15)).stage).toBe('done');
  });

  it('points code 9 at the Back button and shows the directory words of code 10', () => {
    expect(runViewOf(run(9, { message: 'whatever' })).message).toEqual({ kind: 'reauthenticate' });
    expect(runViewOf(run(10, { message: 'AADSTS7000215: Invalid client secret' }))).toMatchObject({
      stage: 'auth-failed',
      retry: null,
      message: { kind: 'server', text: 'AADSTS7000215: Invalid client secret' },
    });
  });

  it('shows a failure with the server message, or its status text when there is none', () => {
    expect(runViewOf(run(4, { message: 'Unreachable.' })).message).toEqual({ kind: 'server', text: 'Unreachable.' });
    expect(runViewOf(run(8)).message).toEqual({ kind: 'server', text: 'text 8' });
  });
});

describe('retryOf', () => {
  it('restarts the sync for 4, 5 and 8 and the migration for 7', () => {
    expect(retryOf(run(4))).toBe('sync');
    expect(retryOf(run(5))).toBe('sync');
    expect(retryOf(run(8, { kind: 'migrate' }))).toBe('sync');
    expect(retryOf(run(7, { kind: 'migrate' }))).toBe('migrate');
  });

  it('retries any other failing code as the run it was', () => {
    expect(retryOf(run(42, { kind: 'migrate' }))).toBe('migrate');
    expect(retryOf(run(42, { kind: 'manual' }))).toBe('sync');
  });

  it('offers nothing to retry while processing, when done or refused', () => {
    expect(retryOf(run(1))).toBeNull();
    expect(retryOf(run(3))).toBeNull();
    expect(retryOf(run(9))).toBeNull();
  });
});

describe('isMigrationRun', () => {
  it('trusts the run once read, the address before', () => {
    expect(isMigrationRun(undefined, true)).toBe(true);
    expect(isMigrationRun({ kind: 'migrate' }, false)).toBe(true);
    expect(isMigrationRun({ kind: 'first' }, true)).toBe(false);
  });
});

describe('retrySyncKind', () => {
  it('restarts the first sync before the migration, an automatic one after', () => {
    expect(retrySyncKind({ migrated: false })).toBe('first');
    expect(retrySyncKind({ migrated: true })).toBe('auto');
  });
});

describe('firstPollDelay', () => {
  it('waits before reading a first sync only', () => {
    expect(firstPollDelay({ migration: false, migrated: false }, 3000)).toBe(3000);
    expect(firstPollDelay({ migration: true, migrated: false }, 3000)).toBe(0);
    expect(firstPollDelay({ migration: false, migrated: true }, 3000)).toBe(0);
  });
});
