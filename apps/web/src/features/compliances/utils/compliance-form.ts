// The compliance form's values and what they become: the request body, and the messages of the
// shared schema on each field (questions and answers included, by their place in the list). Pure, so
// the rules are tested without a browser.
import { randomId } from '@mantine/hooks';
import { issueText } from '@app/shared/http/field-messages';
import {
  complianceBodySchema,
  DEFAULT_COMPLIANCE_SETTINGS,
  type AgreementFile,
  type AgreementKind,
  type Compliance,
  type ComplianceBodyInput,
  type ComplianceFormat,
  type ComplianceFrequency,
  type VaccineProtocol,
} from '@app/shared/compliances/schemas';

type NumberValue = number | string;

export type AnswerValues = { key: string; id?: string; answer: string; correct: boolean };
export type QuestionValues = { key: string; id?: string; question: string; answers: AnswerValues[] };

export type ComplianceFormValues = {
  name: string;
  format: ComplianceFormat;
  frequency: ComplianceFrequency;
  validity_days: NumberValue;
  settings: { send_before_minutes: NumberValue; reminder_interval_minutes: NumberValue };
  /** What every format asks is kept while the form is open, so switching format back loses nothing. */
  content: {
    questions: QuestionValues[];
    agreement_type: AgreementKind;
    agreement_text: string;
    file: AgreementFile | null;
    statement: string;
    protocols: VaccineProtocol[];
    accept_negative_pcr: boolean;
    pcr_valid_days: NumberValue;
  };
};

export const emptyAnswer = (correct = false): AnswerValues => ({ key: randomId(), answer: '', correct });
export const emptyQuestion = (): QuestionValues => ({
  key: randomId(),
  question: '',
  answers: [emptyAnswer(true), emptyAnswer()],
});

export const emptyComplianceForm = (): ComplianceFormValues => ({
  name: '',
  format: 'question',
  frequency: 'every_time',
  validity_days: '',
  settings: { ...DEFAULT_COMPLIANCE_SETTINGS },
  content: {
    questions: [emptyQuestion()],
    agreement_type: 'text',
    agreement_text: '',
    file: null,
    statement: '',
    protocols: [],
    accept_negative_pcr: false,
    pcr_valid_days: 3,
  },
});

/** The form's values for a saved compliance: its own format filled in, the others empty. */
export function complianceFormValues(compliance: Compliance): ComplianceFormValues {
  const values = emptyComplianceForm();
  values.name = compliance.name;
  values.format = compliance.format;
  values.frequency = compliance.frequency;
  values.validity_days = compliance.validity_days ?? '';
  values.settings = { ...compliance.settings };
  switch (compliance.format) {
    case 'question':
      values.content.questions = compliance.content.questions.map((q) => ({
        key: q.id,
        id: q.id,
        question: q.question,
        answers: q.answers.map((a) => ({ key: a.id, id: a.id, answer: a.answer, correct: a.correct })),
      }));
      break;
    case 'agreement':
      values.content.agreement_type = compliance.content.agreement_type;
      values.content.agreement_text = compliance.content.agreement_text;
      values.content.file = compliance.content.file;
      break;
    case 'statement':
      values.content.statement = compliance.content.statement;
      break;
    case 'vaccine':
      values.content.protocols = [...compliance.content.protocols];
      values.content.accept_negative_pcr = compliance.content.accept_negative_pcr;
      values.content.pcr_valid_days = compliance.content.pcr_valid_days ?? 3;
      break;
  }
  return values;
}

/** A number input's value: a number, or null when it is empty or not a number (the schema then says why). */
const numberOrNull = (value: NumberValue): number | null => {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The request body: only the chosen format's content, validation days only where they count. */
export function complianceBody(values: ComplianceFormValues): ComplianceBodyInput {
  const base = {
    name: values.name,
    frequency: values.frequency,
    validity_days: values.frequency === 'until_expiry' ? numberOrNull(values.validity_days) : null,
    settings: {
      send_before_minutes: numberOrNull(values.settings.send_before_minutes) as number,
      reminder_interval_minutes: numberOrNull(values.settings.reminder_interval_minutes) as number,
    },
  };
  const c = values.content;
  switch (values.format) {
    case 'question':
      return {
        ...base,
        format: 'question',
        content: {
          questions: c.questions.map((q) => ({
            ...(q.id ? { id: q.id } : {}),
            question: q.question,
            answers: q.answers.map((a) => ({ ...(a.id ? { id: a.id } : {}), answer: a.answer, correct: a.correct })),
          })),
        },
      };
    case 'agreement':
      return {
        ...base,
        format: 'agreement',
        content:
          c.agreement_type === 'text'
            ? { agreement_type: 'text', agreement_text: c.agreement_text, file: null }
            : { agreement_type: 'file', agreement_text: '', file: c.file },
      };
    case 'statement':
      return { ...base, format: 'statement', content: { statement: c.statement } };
    case 'vaccine':
      return {
        ...base,
        format: 'vaccine',
        content: {
          protocols: c.protocols,
          accept_negative_pcr: c.accept_negative_pcr,
          pcr_valid_days: c.accept_negative_pcr ? numberOrNull(c.pcr_valid_days) : null,
        },
      };
  }
}

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The shared schema's messages, one per field, keyed by the form's own paths
 * (`content.questions.0.answers.1.answer`), worded like the server's for the same rule.
 */
export function complianceFormErrors(values: ComplianceFormValues, t: Translate): Record<string, string> {
  const result = complianceBodySchema.safeParse(complianceBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'name';
    if (errors[path]) continue;
    errors[path] = issueText(issue, t, 'body', complianceBodySchema);
  }
  return errors;
}
