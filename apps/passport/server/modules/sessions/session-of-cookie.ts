import { sha256, type Executor } from '../../platform';
import { findAccount, type AccountRow } from '../accounts/accounts.repository';
import { findLivePassportSession, touchPassportSession, type PassportSessionRow } from './sessions.repository';

export type SignedIn = { session: PassportSessionRow; account: AccountRow };

const TOUCH_EVERY_MS = 60_000;

/** The live session a cookie value names, with its account; null for none, an ended one or a gone account. */
export async function sessionOfCookieValue(db: Executor, cookie: string | undefined): Promise<SignedIn | null> {
  if (!cookie || cookie.length > 100) return null;
  const session = await findLivePassportSession(db, sha256(cookie));
  if (!session) return null;
  const account = await findAccount(db, session.accountId);
  if (!account) return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchPassportSession(db, session.id);
  return { session, account };
}
