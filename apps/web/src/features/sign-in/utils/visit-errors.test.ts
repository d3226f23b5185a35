import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { failureMessage, readRefusal } from './visit-errors';

const ADA = '0190f6a0-0000-7000-8000-000000000001';
const BOB = '0190f6a0-0000-7000-8000-000000000002';

const refusal = (body: unknown) =>
  new ApiError({ status: 422, code: 'rule_violation', message: 'Ada Tester: Choose the host being visited.', body });

const BODY = {
  code: 'rule_violation',
  message: 'Ada Tester: Choose the host being visited.',
  errors: {
    [`${ADA}.host_ids`]: 'Ada Tester: Choose the host being visited.',
    [`${ADA}.override_reason`]: 'Ada Tester: No mask: give a reason of at least 20 characters to let them in.',
    [`${BOB}.compliances.c1`]: 'Bob Tester: Answer the compliance "Health check".',
  },
  people: [
    {
      person_id: ADA,
      full_name: 'Ada Tester',
      fields: {
        host_ids: ['Choose the host being visited.'],
        override_reason: ['No mask: give a reason of at least 20 characters to let them in.'],
      },
    },
    {
      person_id: BOB,
      full_name: 'Bob Tester',
      fields: { 'compliances.c1': ['Answer the compliance "Health check".'] },
    },
  ],
};

describe('a refused sign-in (spec §8)', () => {
  it('joins every value of the errors object with line breaks', () => {
    expect(readRefusal(refusal(BODY))?.message).toBe(
      [
        'Ada Tester: Choose the host being visited.',
        'Ada Tester: No mask: give a reason of at least 20 characters to let them in.',
        'Bob Tester: Answer the compliance "Health check".',
      ].join('\n'),
    );
  });

  it("puts each person's messages on their fields", () => {
    expect(readRefusal(refusal(BODY))?.fields).toEqual({
      [`${ADA}.host_ids`]: 'Choose the host being visited.',
      [`${ADA}.override_reason`]: 'No mask: give a reason of at least 20 characters to let them in.',
      [`${BOB}.compliances.c1`]: 'Answer the compliance "Health check".',
    });
  });

  it('is not a refusal without the errors object, or for another status', () => {
    const plain = refusal({ code: 'rule_violation', message: 'This area is inactive.' });
    expect(readRefusal(plain)).toBeNull();
    expect(failureMessage(plain, 'fallback')).toBe('Ada Tester: Choose the host being visited.');
    expect(readRefusal(new ApiError({ status: 404, code: 'not_found', message: 'Not found', body: BODY }))).toBeNull();
    expect(readRefusal(new Error('boom'))).toBeNull();
    expect(failureMessage('odd', 'fallback')).toBe('fallback');
  });
});
