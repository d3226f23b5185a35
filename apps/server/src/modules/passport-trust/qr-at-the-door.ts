import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { checkQrSignature, takeQrIdentity } from './qr-identity';
import { activePassportEmail } from './verified-passports';

/**
 * The verified address of the passport whose QR identity was scanned: its signature checked with the
 * passport's published keys and in date. At a door (`take`) it is also taken: a second scan of the same
 * code is refused; a search that only finds the person leaves it for the sign-in. Each refusal, naming
 * `field`, says what to do: an expired or used code means showing the live one on the phone.
 */
export async function passportPersonEmail(
  app: FastifyInstance,
  token: string,
  opts: { take: boolean; field: string; now?: Date },
): Promise<string> {
  const now = opts.now ?? new Date();
  const check = opts.take
    ? await takeQrIdentity(app.db.db, token, app.env.passportUrl, now)
    : await checkQrSignature(app.db.db, token, app.env.passportUrl, now);
  if (!check.ok) {
    throw new AppError('rule_violation', { field: opts.field, messageKey: `passport_qr_${check.reason}` });
  }
  const email = await activePassportEmail(app.db.db, check.accountId);
  if (!email) throw new AppError('rule_violation', { field: opts.field, messageKey: 'passport_qr_invalid' });
  return email;
}
