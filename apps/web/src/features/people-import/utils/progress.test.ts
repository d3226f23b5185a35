import { describe, expect, it } from 'vitest';
import type { ImportProgressEvent, ImportTask } from '@app/shared/people/import';
import { listWithProgress, rowsLeft, withProgress } from './progress';

const task: ImportTask = {
  id: '01930000-0000-7000-8000-000000000001',
  status: 'queued',
  file_name: 'people.xlsx',
  columns: [],
  unknown_columns: ['Nickname'],
  total_rows: 1200,
  valid_rows: 1100,
  error_rows: 90,
  dropped_rows: 10,
  processed_rows: 0,
  created_rows: 0,
  updated_rows: 0,
  skipped_rows: 0,
  progress: 0,
  photos: 3,
  unmatched_photos: [],
  error: null,
  requested_by: { id: null, name: 'Ada Acme' },
  mine: true,
  created_at: '2026-01-01T10:00:00.000Z',
  queued_at: '2026-01-01T10:05:00.000Z',
  started_at: null,
  finished_at: null,
};

const event: ImportProgressEvent = {
  entity_id: '01930000-0000-7000-8000-0000000000ee',
  id: task.id,
  status: 'running',
  total_rows: 1200,
  processed_rows: 500,
  created_rows: 420,
  updated_rows: 40,
  skipped_rows: 40,
  dropped_rows: 10,
  progress: 42,
};

describe('withProgress', () => {
  it('moves the task to what the event says, keeping the rest', () => {
    const moved = withProgress(task, event);
    expect(moved).toMatchObject({ status: 'running', processed_rows: 500, created_rows: 420, progress: 42 });
    expect(moved.file_name).toBe('people.xlsx');
    expect(moved.unknown_columns).toEqual(['Nickname']);
  });

  it('leaves another task alone', () => {
    expect(withProgress(task, { ...event, id: '01930000-0000-7000-8000-000000000002' })).toBe(task);
  });
});

describe('listWithProgress', () => {
  it('moves the task in a page of the queue, and leaves a page without it as it was', () => {
    const other = { ...task, id: '01930000-0000-7000-8000-000000000003' };
    const list = { data: [other, task], count: 2 };
    expect(listWithProgress(list, event).data.map((t) => t.progress)).toEqual([0, 42]);
    const without = { data: [other], count: 1 };
    expect(listWithProgress(without, event)).toBe(without);
  });
});

describe('rowsLeft', () => {
  it('counts the rows still to do, never below zero', () => {
    expect(rowsLeft(withProgress(task, event))).toBe(690);
    expect(rowsLeft({ total_rows: 5, dropped_rows: 1, processed_rows: 9 })).toBe(0);
  });
});
