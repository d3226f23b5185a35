import { beforeEach, describe, expect, it, vi } from 'vitest';
import { exchangePassportCode } from './exchange-passport-code';

const post = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ api: { post } }));

beforeEach(() => {
  post.mockReset();
});

describe('exchangePassportCode', () => {
  it('sends a code once however often it is asked (StrictMode runs effects twice)', async () => {
    post.mockResolvedValue({ status: 'passport_deactivated', days: 2 });
    const first = exchangePassportCode('code-sent-once-0123456789');
    const second = exchangePassportCode('code-sent-once-0123456789');
    expect(second).toBe(first);
    await expect(second).resolves.toEqual({ status: 'passport_deactivated', days: 2 });
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      '/auth/passport/exchange',
      { code: 'code-sent-once-0123456789' },
      { handleErrors: false },
    );
  });

  it('shares a refusal too: a used code is not sent again', async () => {
    post.mockRejectedValue(new Error('used'));
    await expect(exchangePassportCode('code-refused-0123456789')).rejects.toThrow('used');
    await expect(exchangePassportCode('code-refused-0123456789')).rejects.toThrow('used');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('sends each code of its own', async () => {
    post.mockResolvedValue({ status: 'otp_required', csrf_token: 'x' });
    await exchangePassportCode('code-a-0123456789012345');
    await exchangePassportCode('code-b-0123456789012345');
    expect(post).toHaveBeenCalledTimes(2);
  });
});
