import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Signing to the Standard Webhooks specification (decision 052): `webhook-id`, `webhook-timestamp`
// (seconds) and `webhook-signature`, an HMAC-SHA256 of `id.timestamp.body` with the endpoint's `whsec_`
// secret, as `v1,<base64>`. While a rotated-out secret still signs, both signatures are sent, separated
// by a space, so a receiver still holding the old secret verifies the message too.

/** Who is calling, as each attempt says. */
export const WEBHOOK_USER_AGENT = 'FrontDesk-Webhooks/1.0';

/** A new secret: `whsec_` and 24 random bytes in base64 (the specification's 24–64 bytes). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The headers of one attempt: signed by each secret given, the current one first. */
export function signWebhook(messageId: string, at: Date, body: string, secrets: readonly string[]): SignedHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
