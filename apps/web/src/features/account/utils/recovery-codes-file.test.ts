import { describe, expect, it } from 'vitest';
import { recoveryCodesFile } from './recovery-codes-file';

describe('recoveryCodesFile', () => {
  it('puts one code a line under a heading', () => {
    expect(recoveryCodesFile(['aaaaa-bbbbb', 'ccccc-ddddd'], 'Codes')).toBe('Codes\n\naaaaa-bbbbb\nccccc-ddddd\n');
  });
});
