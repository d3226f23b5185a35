import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBodySchema, resetPasswordBodySchema } from '@app/shared/auth/schemas';
import { ApiError } from './api-client';
import { oneFieldErrors, serverFormErrors, showServerErrors, zodFormErrors } from './form-errors';

// Knows the labels of some fields, as the catalogue does; any other key comes back as itself.
const LABELS: Record<string, string> = {
  'errors:fields.email': 'Email',
  'errors:fields.password': 'Password',
  'errors:fields.password_confirmation': 'Confirm password',
  'errors:fields.body': 'Request',
};
const t = (key: string, vars?: Record<string, string | number>) =>
  LABELS[key] ?? (vars && Object.keys(vars).length > 0 ? `${key} ${JSON.stringify(vars)}` : key);

describe('zodFormErrors', () => {
  it('returns nothing for valid values', () => {
    expect(zodFormErrors(loginBodySchema, { email: 'a@b.co', password: 'x' }, t)).toEqual({});
  });

  it('gives one translated message per field with the field name', () => {
    const errors = zodFormErrors(loginBodySchema, { email: 'nope', password: '' }, t);
    expect(errors.email).toBe('errors:field.invalid_email {"field":"Email"}');
    expect(errors.password).toBe('errors:field.required {"min":1,"field":"Password"}');
  });

  it('says a number left empty is required, and only a wrong value has the wrong type', () => {
    const schema = z.object({ grace: z.number().int() });
    expect(zodFormErrors(schema, { grace: '' }, t)).toEqual({ grace: 'errors:field.required {"field":"Request"}' });
    expect(zodFormErrors(schema, {}, t)).toEqual({ grace: 'errors:field.required {"field":"Request"}' });
    expect(zodFormErrors(schema, { grace: 'soon' }, t)).toEqual({
      grace: 'errors:field.invalid_type {"field":"Request"}',
    });
  });

  it('names a field without a label of its own by its parent, never by a raw key', () => {
    const schema = z.object({ visitor: z.object({ nickname: z.string().min(1) }) });
    expect(zodFormErrors(schema, { visitor: { nickname: '' } }, t)).toEqual({
      'visitor.nickname': 'errors:field.required {"min":1,"field":"Request"}',
    });
  });

  it('uses custom message keys from the schema', () => {
    const errors = zodFormErrors(
      resetPasswordBodySchema,
      { token: 'x'.repeat(20), password: 'longenough', password_confirmation: 'different' },
      t,
    );
    expect(errors).toEqual({
      password_confirmation: 'errors:passwords_do_not_match {"field":"Confirm password"}',
    });
  });
});

describe('serverFormErrors', () => {
  it('joins each field’s messages', () => {
    expect(serverFormErrors({ password: ['Too short.', 'Too common.'], token: ['Bad.'] })).toEqual({
      password: 'Too short. Too common.',
      token: 'Bad.',
    });
  });
});

describe('showServerErrors', () => {
  const target = () => {
    const shown: Record<string, string> = {};
    return {
      shown,
      form: {
        setErrors: (errors: Record<string, string>) => Object.assign(shown, errors),
        setFieldError: (field: string, message: string) => Object.assign(shown, { [field]: message }),
      },
    };
  };

  it('puts each named field’s messages on it', () => {
    const { form, shown } = target();
    const error = new ApiError({
      status: 409,
      code: 'conflict',
      message: 'Taken',
      fields: { name: ['Taken', 'Again'] },
    });
    showServerErrors(form, error, 'code');
    expect(shown).toEqual({ name: 'Taken Again' });
  });

  it('shows a failure that names no field on the fallback field, or nowhere without one', () => {
    const error = new ApiError({ status: 422, code: 'rule_violation', message: 'This code has expired.' });
    const withFallback = target();
    showServerErrors(withFallback.form, error, 'code');
    expect(withFallback.shown).toEqual({ code: 'This code has expired.' });
    const without = target();
    showServerErrors(without.form, error);
    expect(without.shown).toEqual({});
  });

  it('leaves other errors alone', () => {
    const { form, shown } = target();
    showServerErrors(form, new Error('network'), 'code');
    expect(shown).toEqual({});
  });
});

describe('oneFieldErrors', () => {
  const refused = (fields: Record<string, string[]>, message = 'Refused') =>
    new ApiError({ status: 422, code: 'rule_violation', message, fields });

  it("puts the field's messages under it and any other refusal above the buttons", () => {
    expect(oneFieldErrors(refused({ password: ['Wrong password'] }), 'password')).toEqual({
      field: 'Wrong password',
      other: null,
    });
    expect(oneFieldErrors(refused({ id: ['Revoke their access first'] }), 'password')).toEqual({
      field: null,
      other: 'Revoke their access first',
    });
  });

  it('shows the message of a refusal that names no field, and nothing for other failures', () => {
    expect(oneFieldErrors(refused({}, 'Too many requests'), 'password')).toEqual({
      field: null,
      other: 'Too many requests',
    });
    expect(oneFieldErrors(new Error('boom'), 'password')).toEqual({ field: null, other: null });
  });
});
