import { describe, expect, it } from 'vitest';
import { fixOutcome } from './fix-result';

describe('fixOutcome (spec §8)', () => {
  it('shows the server message as a success when the action flag is set', () => {
    expect(fixOutcome({ action: true, message: 'Fixed.', user: null }, 'error')).toEqual({
      tone: 'success',
      message: 'Fixed.',
      left: true,
    });
  });

  it('shows it as an error when the flag is not set, and the record stays', () => {
    expect(fixOutcome({ action: false, message: 'Still wrong.', user: { state: 'error' } as never }, 'error')).toEqual({
      tone: 'error',
      message: 'Still wrong.',
      left: false,
    });
  });

  it('says a record now in another list left this one', () => {
    expect(
      fixOutcome({ action: true, message: 'Now a duplicate.', user: { state: 'duplicate' } as never }, 'error'),
    ).toMatchObject({ left: true });
    expect(
      fixOutcome({ action: true, message: 'Valid.', user: { state: 'valid' } as never }, 'duplicate'),
    ).toMatchObject({ left: true });
  });
});
