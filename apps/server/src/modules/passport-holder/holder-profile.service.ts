// A passport's holder fills a company's pre-registration form from their passport (decision 047): their
// own details and photo, read with the holder token the passport's /share page handed the form.
import type { FastifyInstance } from 'fastify';
import type { HolderProfile } from '@app/shared/passport/holder-profile';
import { AppError, notFound } from '../../lib/app-error';
import type { Holder } from './holder-auth';
import { findHolderProfile } from './holder-profile.repository';

async function accountOf(app: FastifyInstance, holder: Holder) {
  const account = await findHolderProfile(app.db.db, holder.accountId);
  // holderOf found it a moment ago; gone since (erased), it is a token that names nobody.
  if (!account) throw new AppError('unauthenticated', { field: 'authorization', messageKey: 'passport_holder_token' });
  return account;
}

/** GET /passport-holder/profile: the names, verified address and phone the passport keeps. */
export async function holderProfile(app: FastifyInstance, holder: Holder): Promise<HolderProfile> {
  const account = await accountOf(app, holder);
  return {
    first_name: account.firstName,
    last_name: account.lastName,
    email: holder.email,
    phone: account.phone,
    has_photo: account.photo !== null,
  };
}

/** GET /passport-holder/photo: the passport's photo bytes; 404 when it has none (or its file is gone). */
export async function holderPhoto(app: FastifyInstance, holder: Holder): Promise<Buffer> {
  const account = await accountOf(app, holder);
  const data = account.photo ? await app.files.get(account.photo) : null;
  if (!data) throw notFound();
  return data;
}
