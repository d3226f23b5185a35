// Spec "Navigation after actions": an expired link goes to /link-expired with the reason's message
// (§8, as the server translated it) and userHasPassport=true when the person has a passport.
import { hrefFor, paths } from '@/config/paths';

export type LinkExpiredTarget = { message?: string | null; userHasPassport?: boolean };

export function linkExpiredHref({ message, userHasPassport }: LinkExpiredTarget = {}): string {
  const search: Record<string, string | boolean> = {};
  if (message && message.trim() !== '') search.message = message;
  if (userHasPassport) search.userHasPassport = true;
  return hrefFor(paths.linkExpired, {}, search);
}
