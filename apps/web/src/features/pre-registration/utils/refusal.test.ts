import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { readRefusal } from './refusal';

const refused = (status: number, fields: Record<string, string[]> = {}, message = 'Refused') =>
  new ApiError({ status, code: 'x', message, fields });

describe('readRefusal', () => {
  it('puts each message on its field, the host list on the host picker and the photo beside the photo', () => {
    expect(
      readRefusal(
        refused(422, { email: ['Email address already exists'], host_ids: ['Choose a host'], photo: ['Too small'] }),
        'fallback',
      ),
    ).toEqual({
      fields: { email: 'Email address already exists', host: 'Choose a host' },
      photo: 'Too small',
      expired: null,
      message: null,
    });
  });

  it('sends an unknown or expired link to the expired page with the server’s message', () => {
    const text =
      'Your confirmation link has expired because your visit has been deleted. Please contact the system admin for further details.';
    expect(readRefusal(refused(422, { token: [text] }, text), 'x').expired).toEqual({ message: text });
    expect(readRefusal(refused(404, { link_id: ['Not valid'] }), 'x').expired).toEqual({ message: null });
  });

  it('shows what names no field as one message, except after the server-error alert', () => {
    expect(readRefusal(refused(429, {}, 'Too many requests.'), 'x').message).toBe('Too many requests.');
    expect(readRefusal(refused(500), 'x').message).toBeNull();
    expect(readRefusal(new Error('boom'), 'Something failed').message).toBe('Something failed');
  });
});
