// How a compliance's content is kept: what it asks (versioned, the same in compliances.content and
// compliance_versions.content) plus, in compliances.content only, its sending settings, which are not
// part of what is asked and so never make a new version.
import {
  complianceSettingsSchema,
  DEFAULT_COMPLIANCE_SETTINGS,
  type ComplianceBody,
  type ComplianceFormat,
  type ComplianceFrequency,
  type ComplianceSettings,
  type StoredAsked,
} from '@app/shared/compliances/schemas';
import { randomToken } from '../../lib/tokens';

type AskedColumns = {
  name: string;
  format: string;
  frequency: string;
  validityDays: number | null;
  content: Record<string, unknown>;
};

/** What a stored row (compliance or version) asks. */
export function askedOf(row: AskedColumns): StoredAsked {
  const { settings: _settings, ...content } = row.content;
  return {
    name: row.name,
    format: row.format as ComplianceFormat,
    frequency: row.frequency as ComplianceFrequency,
    validity_days: row.validityDays,
    content,
  } as StoredAsked;
}

export function settingsOf(content: Record<string, unknown>): ComplianceSettings {
  return complianceSettingsSchema.safeParse(content.settings).data ?? DEFAULT_COMPLIANCE_SETTINGS;
}

const newItemId = () => randomToken(6);

/**
 * The body as stored: every question and answer with an id. Ids the body brings are kept when they
 * are unique, so a change to one question leaves the others' ids as they were.
 */
export function withItemIds(body: ComplianceBody): StoredAsked {
  const asked = { name: body.name, format: body.format, frequency: body.frequency, validity_days: body.validity_days };
  if (body.format !== 'question') return { ...asked, format: body.format, content: body.content } as StoredAsked;
  const seen = new Set<string>();
  const idFor = (id: string | undefined) => {
    const value = id && !seen.has(id) ? id : newItemId();
    seen.add(value);
    return value;
  };
  return {
    ...asked,
    format: 'question',
    content: {
      questions: body.content.questions.map((q) => ({
        id: idFor(q.id),
        question: q.question,
        answers: q.answers.map((a) => ({ id: idFor(a.id), answer: a.answer, correct: a.correct })),
      })),
    },
  };
}

/** What is asked, without the ids that only name the parts: two contents that ask the same are equal. */
export function askedFingerprint(asked: StoredAsked): string {
  // Arrays, not objects: jsonb gives keys back in its own order.
  let content: unknown;
  switch (asked.format) {
    case 'question':
      content = asked.content.questions.map((q) => [q.question, q.answers.map((a) => [a.answer, a.correct])]);
      break;
    case 'agreement':
      content = [asked.content.agreement_type, asked.content.agreement_text, asked.content.file?.id ?? null];
      break;
    case 'statement':
      content = [asked.content.statement];
      break;
    case 'vaccine':
      content = [asked.content.protocols, asked.content.accept_negative_pcr, asked.content.pcr_valid_days];
      break;
  }
  return JSON.stringify([asked.name, asked.format, asked.frequency, asked.validity_days, content]);
}
