// A sign-in or sign-out refused: every person's broken rules, and the 422 body naming each (spec §8).
import { type Language } from '@app/shared/constants';
import type { VisitErrors } from '@app/shared/visits/schemas';
import { t } from '../../lib/i18n';

export type Issue = { field: string; key: string; vars?: Record<string, string | number> };
export type PersonIssues = { personId: string; fullName: string | null; issues: Issue[] };

/** A refused request: each person's broken rules, turned into the 422 body by the route. */
export class VisitRefusal extends Error {
  constructor(readonly people: PersonIssues[]) {
    super('visit_refused');
  }
}

/** Spec §8: `errors` holds every message, each naming its person, so a screen joins them with line breaks. */
export function refusalBody(lang: Language, refusal: VisitRefusal): VisitErrors {
  const errors: Record<string, string> = {};
  const people = refusal.people.map((p) => {
    const fields: Record<string, string[]> = {};
    for (const issue of p.issues) {
      const text = t(lang, `errors:${issue.key}`, issue.vars);
      (fields[issue.field] ??= []).push(text);
      const key = `${p.personId}.${issue.field}`;
      const line = p.fullName ? `${p.fullName}: ${text}` : text;
      errors[key] = errors[key] ? `${errors[key]}\n${line}` : line;
    }
    return { person_id: p.personId, full_name: p.fullName, fields };
  });
  const first = Object.values(errors)[0] ?? t(lang, 'errors:rule_violation');
  return { code: 'rule_violation', message: first, errors, people };
}
