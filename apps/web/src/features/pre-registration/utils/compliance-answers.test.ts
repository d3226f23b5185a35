import { describe, expect, it } from 'vitest';
import {
  allAnswered,
  emptyDraft,
  isComplete,
  liveStatus,
  missingRequired,
  notesProgress,
  responsesBody,
  type OnlineItem,
} from './compliance-answers';

const id = (n: number) => `0197a3c2-7c1e-7000-8000-00000000000${n}`;
const base = { frequency: 'daily', version: 2, required: true, answer: null } as const;
const question: OnlineItem = {
  ...base,
  id: id(1),
  name: 'Health',
  format: 'question',
  content: {
    questions: [
      {
        id: 'q1',
        question: 'Fever?',
        answers: [
          { id: 'a1', answer: 'Yes' },
          { id: 'a2', answer: 'No' },
        ],
      },
      {
        id: 'q2',
        question: 'Isolating?',
        answers: [
          { id: 'b1', answer: 'Yes' },
          { id: 'b2', answer: 'No' },
        ],
      },
    ],
  },
};
const statement: OnlineItem = {
  ...base,
  id: id(2),
  name: 'Safety',
  format: 'statement',
  content: { statement: 'I will.' },
};
const vaccine: OnlineItem = {
  ...base,
  id: id(3),
  name: 'Vaccine',
  format: 'vaccine',
  content: { protocols: ['comirnaty'], accept_negative_pcr: true, pcr_valid_days: 3 },
};
const answered = (item: OnlineItem, status: 'failed' | 'justified' | 'success'): OnlineItem => ({
  ...item,
  answer: { status, vaccine_status: 'not_applicable', answered_at: '2026-05-04T09:00:00Z', valid_until: null },
});

describe('online compliance answers', () => {
  it('needs every question answered, or a choice to agree or not', () => {
    expect(isComplete(question, { ...emptyDraft(), answers: { q1: 'a2' } })).toBe(false);
    expect(isComplete(question, { ...emptyDraft(), answers: { q1: 'a2', q2: 'b2' } })).toBe(true);
    expect(isComplete(statement, emptyDraft())).toBe(false);
    expect(isComplete(statement, { ...emptyDraft(), accepted: false })).toBe(true);
    expect(isComplete(vaccine, emptyDraft())).toBe(false);
  });

  it('shows the answer-status rule live: notes of 20 characters or more justify a wrong answer', () => {
    expect(liveStatus(statement, { ...emptyDraft(), accepted: true })).toEqual({ kind: 'known', status: 'success' });
    expect(liveStatus(statement, { ...emptyDraft(), accepted: false, notes: 'too short' })).toEqual({
      kind: 'known',
      status: 'failed',
    });
    expect(liveStatus(statement, { ...emptyDraft(), accepted: false, notes: 'I have a written waiver' })).toEqual({
      kind: 'known',
      status: 'justified',
    });
    expect(liveStatus(question, { ...emptyDraft(), notes: ' 19 characters here ' })).toEqual({
      kind: 'if_wrong',
      status: 'failed',
    });
    expect(liveStatus(statement, emptyDraft())).toBeNull();
    // Characters as people see them: each Arabic letter (and space) counts once.
    expect(notesProgress('ملاحظة طويلة بما يكفي')).toEqual({ length: 21, enough: true });
    expect(notesProgress('  ملاحظة قصيرة  ')).toEqual({ length: 12, enough: false });
  });

  it('sends the open, complete answers with their versions, and names required ones still missing', () => {
    const drafts = {
      [question.id]: { ...emptyDraft(), answers: { q1: 'a2', q2: 'b1' }, notes: '  ' },
      [statement.id]: emptyDraft(),
    };
    const items = [question, statement, vaccine];
    expect(responsesBody(items, drafts, new Set())).toEqual([
      {
        compliance_id: question.id,
        version: 2,
        answers: [
          { question_id: 'q1', answer_id: 'a2' },
          { question_id: 'q2', answer_id: 'b1' },
        ],
        notes: null,
      },
    ]);
    expect(missingRequired(items, drafts, new Set())).toEqual([statement.id]);
    // Answered already (and still counting): neither sent again nor missing, unless reopened.
    const done = [answered(question, 'failed'), statement];
    expect(responsesBody(done, drafts, new Set())).toEqual([]);
    expect(responsesBody(done, drafts, new Set([question.id]))).toHaveLength(1);
  });

  it('is all done when every required compliance has an answer that did not fail', () => {
    expect(allAnswered([answered(question, 'justified'), answered(statement, 'success')])).toBe(true);
    expect(allAnswered([answered(question, 'failed')])).toBe(false);
    expect(allAnswered([{ ...vaccine, required: false }])).toBe(true);
    expect(allAnswered([vaccine])).toBe(false);
  });
});
