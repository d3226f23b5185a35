import { describe, expect, it } from 'vitest';
import { complianceBodySchema } from './schemas';

const question = {
  name: 'Health declaration',
  frequency: 'daily',
  format: 'question',
  content: {
    questions: [
      {
        question: 'Do you have a fever?',
        answers: [
          { answer: 'Yes', correct: false },
          { answer: 'No', correct: true },
        ],
      },
    ],
  },
};

const issues = (body: unknown) =>
  (complianceBodySchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('compliance body (spec §5)', () => {
  it('takes a question with settings defaulted and no validity days', () => {
    const parsed = complianceBodySchema.parse({ ...question, validity_days: 30 });
    expect(parsed.validity_days).toBeNull();
    expect(parsed.settings).toEqual({ send_before_minutes: 1440, reminder_interval_minutes: 240 });
  });

  it('needs a name of at least 2 characters', () => {
    expect(issues({ ...question, name: ' A ' })[0]?.[0]).toBe('name');
  });

  it('needs at least one correct answer, and the question and answers written', () => {
    const none = { questions: [{ question: 'Q?', answers: [{ answer: 'a' }, { answer: 'b' }] }] };
    expect(issues({ ...question, content: none })).toEqual([
      ['content.questions.0.answers', 'compliance_correct_answer_required'],
    ]);
    const blank = { questions: [{ question: ' ', answers: [{ answer: '', correct: true }, { answer: 'b' }] }] };
    expect(issues({ ...question, content: blank }).map(([p]) => p)).toEqual([
      'content.questions.0.question',
      'content.questions.0.answers.0.answer',
    ]);
    expect(issues({ ...question, content: { questions: [] } })).toEqual([
      ['content.questions', 'compliance_questions_required'],
    ]);
  });

  it('needs validity days of at most 3 digits for valid until expiry', () => {
    expect(issues({ ...question, frequency: 'until_expiry' })).toEqual([
      ['validity_days', 'compliance_validity_days_required'],
    ]);
    expect(issues({ ...question, frequency: 'until_expiry', validity_days: 1000 })[0]?.[0]).toBe('validity_days');
    expect(issues({ ...question, frequency: 'until_expiry', validity_days: '30' })[0]?.[0]).toBe('validity_days');
    expect(
      complianceBodySchema.parse({ ...question, frequency: 'until_expiry', validity_days: 999 }).validity_days,
    ).toBe(999);
  });

  it('keeps sending at least 5 minutes before a visit and reminders at least 30 minutes apart', () => {
    expect(issues({ ...question, settings: { send_before_minutes: 4, reminder_interval_minutes: 30 } })[0]?.[0]).toBe(
      'settings.send_before_minutes',
    );
    expect(issues({ ...question, settings: { send_before_minutes: 5, reminder_interval_minutes: 29 } })[0]?.[0]).toBe(
      'settings.reminder_interval_minutes',
    );
    expect(issues({ ...question, settings: { send_before_minutes: 5, reminder_interval_minutes: 30 } })).toEqual([]);
  });

  it('needs the agreement text, or its file, and keeps only the chosen one', () => {
    const agreement = { name: 'NDA', frequency: 'once', format: 'agreement' };
    expect(issues({ ...agreement, content: { agreement_type: 'text', agreement_text: '  ' } })).toEqual([
      ['content.agreement_text', 'compliance_agreement_text_required'],
    ]);
    expect(issues({ ...agreement, content: { agreement_type: 'file' } })).toEqual([
      ['content.file', 'compliance_agreement_file_required'],
    ]);
    const file = { id: 'abcdefgh12.pdf', name: 'nda.pdf', mime: 'application/pdf', size: 1000 };
    const parsed = complianceBodySchema.parse({
      ...agreement,
      content: { agreement_type: 'file', agreement_text: 'old text', file },
    });
    expect(parsed.content).toEqual({ agreement_type: 'file', agreement_text: '', file });
  });

  it('needs the statement text', () => {
    const result = complianceBodySchema.safeParse({
      name: 'PPE',
      frequency: 'every_time',
      format: 'statement',
      content: { statement: '  ' },
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.code])).toEqual([['content.statement', 'too_small']]);
  });

  it('needs something a vaccine / PCR compliance accepts, and PCR valid days when tests count', () => {
    const vaccine = { name: 'COVID-19', frequency: 'once', format: 'vaccine' };
    expect(issues({ ...vaccine, content: {} })).toEqual([['content.protocols', 'compliance_vaccine_nothing_accepted']]);
    expect(issues({ ...vaccine, content: { accept_negative_pcr: true } })).toEqual([
      ['content.pcr_valid_days', 'compliance_pcr_days_required'],
    ]);
    const parsed = complianceBodySchema.parse({
      ...vaccine,
      content: { protocols: ['spikevax', 'comirnaty', 'spikevax'], pcr_valid_days: 3 },
    });
    // In the list's order, once each; PCR days only when tests count.
    expect(parsed.content).toEqual({
      protocols: ['comirnaty', 'spikevax'],
      accept_negative_pcr: false,
      pcr_valid_days: null,
    });
  });

  it('refuses an unknown format or frequency', () => {
    expect(issues({ ...question, format: 'quiz' })[0]?.[0]).toBe('format');
    expect(issues({ ...question, frequency: 'yearly' })[0]?.[0]).toBe('frequency');
  });
});
