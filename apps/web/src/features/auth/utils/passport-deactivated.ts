import type { TFunction } from 'i18next';

/**
 * The 'Reactivate My Passport Account' sentence: deactivated today, 1 day ago or N days ago, in the
 * language's plural forms (i18next picks `_zero`, `_one`, `_two`, `_few`, `_many`, `_other`).
 */
export function deactivatedMessage(t: TFunction, days: number | null): string {
  if (days === null || !Number.isFinite(days)) return t('passport-sign-in:reactivate.body_undated');
  return t('passport-sign-in:reactivate.body', { count: Math.max(0, Math.floor(days)) });
}
