import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldMessage } from './field-messages';

const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!;

describe('fieldMessage', () => {
  it('maps zod issues to translation keys with their values', () => {
    expect(fieldMessage(issueOf(z.object({ a: z.string() }), {}))).toEqual({ key: 'errors:field.required', vars: {} });
    expect(fieldMessage(issueOf(z.string().min(1), ''))).toEqual({ key: 'errors:field.required', vars: { min: 1 } });
    expect(fieldMessage(issueOf(z.string().min(2), 'a'))).toEqual({ key: 'errors:field.too_short', vars: { min: 2 } });
    expect(fieldMessage(issueOf(z.string().max(3), 'abcd'))).toEqual({
      key: 'errors:field.too_long',
      vars: { max: 3 },
    });
    expect(fieldMessage(issueOf(z.number().min(30), 5))).toEqual({ key: 'errors:field.too_small', vars: { min: 30 } });
    expect(fieldMessage(issueOf(z.email(), 'x'))).toEqual({ key: 'errors:field.invalid_email', vars: {} });
    expect(fieldMessage(issueOf(z.enum(['a', 'b']), 'c'))).toEqual({ key: 'errors:field.invalid_value', vars: {} });
    expect(fieldMessage(issueOf(z.number(), 'x'))).toEqual({ key: 'errors:field.invalid_type', vars: {} });
  });

  it('uses a custom message that is a key as the key', () => {
    const schema = z.string().regex(/^a$/, { message: 'invalid_subdomain' });
    expect(fieldMessage(issueOf(schema, 'b'))).toEqual({ key: 'errors:invalid_subdomain', vars: {} });
  });
});
