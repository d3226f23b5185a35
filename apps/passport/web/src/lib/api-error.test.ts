import { describe, expect, it } from 'vitest';
import { ApiError, asApiError, parseApiError } from './api-error';

describe('parseApiError', () => {
  it('reads the code, the translated message and each field’s message', () => {
    const error = parseApiError(
      400,
      { code: 'validation', message: 'Check the form.', fields: { email: 'Enter a valid email.' } },
      'fallback',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Check the form.');
    expect(error.fields).toEqual({ email: 'Enter a valid email.' });
  });

  it('joins a field given as a list of messages and drops empty ones', () => {
    const error = parseApiError(400, { code: 'x', message: 'm', fields: { a: ['One.', 'Two.'], b: '', c: 3 } }, 'f');
    expect(error.fields).toEqual({ a: 'One. Two.' });
  });

  it('falls back to a readable message and an http_<status> code for a body without the shape', () => {
    for (const body of [undefined, '<html>Bad gateway</html>', { message: '  ' }, null, []]) {
      const error = parseApiError(502, body, 'Something went wrong.');
      expect(error.message).toBe('Something went wrong.');
      expect(error.code).toBe('http_502');
      expect(error.fields).toEqual({});
    }
  });

  it('takes Retry-After in seconds when it is a positive number', () => {
    expect(parseApiError(429, { code: 'too_many', message: 'Slow down.' }, 'f', '30').retryAfter).toBe(30);
    expect(parseApiError(429, {}, 'f', 'soon').retryAfter).toBeUndefined();
    expect(parseApiError(429, {}, 'f', null).retryAfter).toBeUndefined();
  });
});

describe('asApiError', () => {
  it('keeps an ApiError and wraps anything else', () => {
    const known = new ApiError({ status: 401, code: 'invalid_credentials', message: 'Wrong.' });
    expect(asApiError(known, 'f')).toBe(known);
    const wrapped = asApiError(new TypeError('Failed to fetch'), 'No connection.');
    expect(wrapped.status).toBe(0);
    expect(wrapped.message).toBe('No connection.');
  });
});
