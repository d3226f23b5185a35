import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook } from './webhook-signing';

describe('signWebhook', () => {
  const body = JSON.stringify({ type: 'visit.signed_in', timestamp: '2026-12-05T10:00:00.000Z', data: { id: 1 } });

  it('signs so that the Standard Webhooks verifier accepts it, and refuses a changed body', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = signWebhook('msg_1', new Date(), body, [secret]);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('1', '2'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('during a rotation, signs with both secrets, and either verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signWebhook('msg_2', new Date(), body, [current, previous]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
  });

  it('sends the timestamp in seconds, which the verifier checks against its clock', () => {
    const secret = newWebhookSecret();
    const old = new Date(Date.now() - 10 * 60_000);
    const headers = signWebhook('msg_3', old, body, [secret]);
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(old.getTime() / 1000)));
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/timestamp/i);
  });
});
