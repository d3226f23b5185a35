import { describe, expect, it } from 'vitest';
import type { Compliance } from '@app/shared/compliances/schemas';
import { serverResources } from '@app/shared/i18n/server-resources';
import { translate } from '@app/shared/i18n/translate';
import {
  complianceBody,
  complianceFormErrors,
  complianceFormValues,
  emptyComplianceForm,
  type ComplianceFormValues,
} from './compliance-form';

// The English catalogue, as the page shows it: each message names its field by its label.
const t = (key: string, vars?: Record<string, string | number>) => translate(serverResources, 'en', key, vars);

const filledQuestion = (): ComplianceFormValues => {
  const values = emptyComplianceForm();
  values.name = 'Health declaration';
  values.content.questions[0]!.question = 'Fever today?';
  values.content.questions[0]!.answers[0]!.answer = 'No';
  values.content.questions[0]!.answers[1]!.answer = 'Yes';
  return values;
};

describe('the compliance form', () => {
  it('starts as a question with one correct answer of two, sent every time', () => {
    const values = emptyComplianceForm();
    expect(values.format).toBe('question');
    expect(values.content.questions[0]!.answers.map((a) => a.correct)).toEqual([true, false]);
    expect(values.settings).toEqual({ send_before_minutes: 1440, reminder_interval_minutes: 240 });
  });

  it('sends only the chosen format’s content, and validation days only for valid until expiry', () => {
    const values = filledQuestion();
    values.content.statement = 'kept while the form is open';
    values.validity_days = 30;
    const body = complianceBody(values);
    expect(body).toMatchObject({ format: 'question', validity_days: null });
    expect(Object.keys(body.content)).toEqual(['questions']);
    values.frequency = 'until_expiry';
    expect(complianceBody(values).validity_days).toBe(30);
    values.format = 'statement';
    expect(complianceBody(values).content).toEqual({ statement: 'kept while the form is open' });
    values.format = 'vaccine';
    values.content.pcr_valid_days = 5;
    expect(complianceBody(values).content).toEqual({ protocols: [], accept_negative_pcr: false, pcr_valid_days: null });
  });

  it('names each broken rule on its own field, questions and answers by their place', () => {
    const values = filledQuestion();
    expect(complianceFormErrors(values, t)).toEqual({});
    values.name = 'H';
    values.content.questions[0]!.answers[0]!.correct = false;
    values.content.questions[0]!.answers[1]!.answer = ' ';
    values.frequency = 'until_expiry';
    values.settings.reminder_interval_minutes = 29;
    expect(complianceFormErrors(values, t)).toEqual({
      name: 'Name must be at least 2 characters.',
      'content.questions.0.answers.1.answer': 'Answer is required.',
      'content.questions.0.answers': 'Mark at least one answer as correct.',
      validity_days: 'Validation days are required when answers are valid until expiry.',
      'settings.reminder_interval_minutes': 'Reminder interval must be at least 30.',
    });
  });

  it('asks for the agreement file or text and a blank number as required', () => {
    const values = filledQuestion();
    values.format = 'agreement';
    values.content.agreement_type = 'file';
    values.settings.send_before_minutes = '';
    const errors = complianceFormErrors(values, t);
    expect(Object.keys(errors).sort()).toEqual(['content.file', 'settings.send_before_minutes']);
    expect(errors['settings.send_before_minutes']).toBe('Send before the visit is required.');
  });

  it('reads a saved compliance back into the form, keeping question and answer ids', () => {
    const saved = {
      id: '0190d3b2-7a4e-7c1e-9b8a-0123456789ab',
      name: 'Induction',
      format: 'question',
      frequency: 'until_expiry',
      validity_days: 365,
      version: 3,
      settings: { send_before_minutes: 60, reminder_interval_minutes: 30 },
      response_count: 2,
      journeys: [],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      content: {
        questions: [
          {
            id: 'q1',
            question: 'Exit?',
            answers: [
              { id: 'a1', answer: 'Nearest', correct: true },
              { id: 'a2', answer: 'Lift', correct: false },
            ],
          },
        ],
      },
    } satisfies Compliance;
    const values = complianceFormValues(saved);
    expect(values).toMatchObject({ name: 'Induction', frequency: 'until_expiry', validity_days: 365 });
    expect(complianceBody(values)).toEqual({
      name: 'Induction',
      format: 'question',
      frequency: 'until_expiry',
      validity_days: 365,
      settings: { send_before_minutes: 60, reminder_interval_minutes: 30 },
      content: saved.content,
    });
  });
});
