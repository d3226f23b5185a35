import type { Language } from '@app/shared/constants';
import type { MassResult, SkipReason } from '@app/shared/people/schemas';
import { t } from '../../lib/i18n';

/**
 * Sorts the asked ids (each once, in the order asked) into those an action applies to and those it
 * leaves out with the reason, translated for the screen that says what happened.
 */
export function sortOut<P extends { id: string }>(
  ids: string[],
  found: P[],
  lang: Language,
  /** Why a person is left out (with the values its message names), or null to act on them. */
  reasonFor: (person: P) => SkipReason | { reason: SkipReason; vars: Record<string, string> } | null,
) {
  const byId = new Map(found.map((p) => [p.id, p]));
  const targets: P[] = [];
  const skipped: MassResult['skipped'] = [];
  for (const id of new Set(ids)) {
    const person = byId.get(id);
    const found = person ? reasonFor(person) : 'not_found';
    if (!found) {
      targets.push(person!);
      continue;
    }
    const { reason, vars } = typeof found === 'string' ? { reason: found, vars: undefined } : found;
    skipped.push({ id, reason, message: t(lang, `errors:skip.${reason}`, vars) });
  }
  return { targets, skipped };
}
