import { describe, expect, it } from 'vitest';
import { passportSignInBody, signUpBody } from '@app/shared/passport/schemas';
import { checkForm } from './form-errors';

const messageFor = (field: string) => `bad ${field}`;

describe('checkForm', () => {
  it('returns the parsed values when the schema accepts them', () => {
    const checked = checkForm(passportSignInBody, { email: 'Ana@Example.com', password: 'x' }, messageFor);
    expect(checked).toEqual({ ok: true, data: { email: 'ana@example.com', password: 'x' } });
  });

  it('gives each field with a problem one message, in the form’s words', () => {
    const checked = checkForm(
      signUpBody,
      { email: 'nope', first_name: ' ', last_name: 'Ruiz', password: 'short', lang: 'es' },
      messageFor,
    );
    expect(checked).toEqual({
      ok: false,
      errors: { email: 'bad email', first_name: 'bad first_name', password: 'bad password' },
    });
  });
});
