import type { RuleProblem } from '@app/shared/attendance/reason-ranges';
import { labelVars } from '@app/shared/http/field-messages';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A broken attendance rule worded as the server words it: its `errors:` text, naming its field. */
export const ruleMessage = (problem: RuleProblem, t: Translate): string =>
  t(`errors:${problem.key}`, { ...problem.vars, ...labelVars(`errors:fields.${problem.field}`, t) });
