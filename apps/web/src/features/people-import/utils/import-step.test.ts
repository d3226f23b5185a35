import { describe, expect, it } from 'vitest';
import { IMPORT_TASK_STATUSES } from '@app/shared/people/import';
import { importStepOf, importTaskActions, isRunning, runBlockOf } from './import-step';

describe('importStepOf', () => {
  it('sends a new import to the upload, a checked one to the grid, a running one to the queue and an ended one to its details', () => {
    expect(importStepOf(null)).toBe('upload');
    expect(importStepOf({ status: 'uploaded' })).toBe('upload');
    expect(importStepOf({ status: 'validated' })).toBe('grid');
    expect(importStepOf({ status: 'queued' })).toBe('queue');
    expect(importStepOf({ status: 'running' })).toBe('queue');
    expect(importStepOf({ status: 'done' })).toBe('details');
    expect(importStepOf({ status: 'failed' })).toBe('details');
  });
});

describe('runBlockOf', () => {
  it('lets a checked task with rows to import run, and a failed one resume', () => {
    expect(runBlockOf({ status: 'validated', valid_rows: 3 })).toBeNull();
    expect(runBlockOf({ status: 'failed', valid_rows: 0 })).toBeNull();
  });

  it('says why any other cannot run', () => {
    expect(runBlockOf({ status: 'validated', valid_rows: 0 })).toBe('nothing_valid');
    expect(runBlockOf({ status: 'uploaded', valid_rows: 5 })).toBe('not_ready');
    expect(runBlockOf({ status: 'queued', valid_rows: 5 })).toBe('running');
    expect(runBlockOf({ status: 'running', valid_rows: 5 })).toBe('running');
    expect(runBlockOf({ status: 'done', valid_rows: 5 })).toBe('done');
  });
});

describe('importTaskActions', () => {
  it('offers the grid before the run, a resume after a failure, and deletion unless it runs', () => {
    const of = (status: (typeof IMPORT_TASK_STATUSES)[number]) => importTaskActions({ status });
    expect(of('validated')).toEqual({ grid: true, resume: false, deleteBlock: null });
    expect(of('queued')).toEqual({ grid: false, resume: false, deleteBlock: 'running' });
    expect(of('running')).toEqual({ grid: false, resume: false, deleteBlock: 'running' });
    expect(of('failed')).toEqual({ grid: false, resume: true, deleteBlock: null });
    expect(of('done')).toEqual({ grid: false, resume: false, deleteBlock: null });
  });

  it('counts only queued and running tasks as running', () => {
    expect(IMPORT_TASK_STATUSES.filter(isRunning)).toEqual(['queued', 'running']);
  });
});
