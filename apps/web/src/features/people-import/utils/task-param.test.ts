import { describe, expect, it } from 'vitest';
import { taskParamOf } from './task-param';

describe('taskParamOf', () => {
  it('reads a task id', () => {
    expect(taskParamOf('01930000-0000-7000-8000-00000000ABCD')).toEqual({
      kind: 'task',
      id: '01930000-0000-7000-8000-00000000abcd',
    });
  });

  it('tells no task from one that cannot be', () => {
    expect(taskParamOf(null)).toEqual({ kind: 'none' });
    expect(taskParamOf('')).toEqual({ kind: 'none' });
    expect(taskParamOf('42')).toEqual({ kind: 'invalid' });
    expect(taskParamOf('01930000-0000-7000-8000-00000000abcd/x')).toEqual({ kind: 'invalid' });
  });
});
