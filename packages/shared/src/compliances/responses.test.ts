import { describe, expect, it } from 'vitest';
import {
  gradeResponse,
  isGradeProblem,
  recordResponsesBodySchema,
  vaccineDocumentSchema,
  type Graded,
} from './responses';
import type { StoredAsked } from './schemas';

const health: StoredAsked = {
  name: 'Health declaration',
  format: 'question',
  frequency: 'daily',
  validity_days: null,
  content: {
    questions: [
      {
        id: 'q1',
        question: 'Do you have a fever?',
        answers: [
          { id: 'yes', answer: 'Yes', correct: false },
          { id: 'no', answer: 'No', correct: true },
        ],
      },
      {
        id: 'q2',
        question: 'Have you read the safety rules?',
        answers: [
          { id: 'read', answer: 'Yes', correct: true },
          { id: 'skim', answer: 'Partly', correct: true },
          { id: 'not', answer: 'No', correct: false },
        ],
      },
    ],
  },
};

const vaccine = (over: Partial<Extract<StoredAsked, { format: 'vaccine' }>['content']> = {}): StoredAsked => ({
  name: 'COVID-19',
  format: 'vaccine',
  frequency: 'once',
  validity_days: null,
  content: { protocols: ['comirnaty', 'spikevax'], accept_negative_pcr: true, pcr_valid_days: 3, ...over },
});

const now = new Date('2024-05-10T09:00:00Z');
const graded = (asked: StoredAsked, item: Parameters<typeof gradeResponse>[1], zone = 'UTC'): Graded => {
  const result = gradeResponse(asked, item, now, zone);
  if (isGradeProblem(result)) throw new Error(result.messageKey);
  return result;
};
const doc = (d: Record<string, unknown>) => vaccineDocumentSchema.parse(d);

describe('judging a question answer', () => {
  it('is right when every chosen answer is marked correct (any of several)', () => {
    const result = graded(health, {
      answers: [
        { question_id: 'q2', answer_id: 'skim' },
        { question_id: 'q1', answer_id: 'no' },
      ],
    });
    expect(result).toMatchObject({ isWrong: false, status: 'success', vaccineStatus: 'not_applicable' });
    // Kept in the order asked, with the words of the version answered.
    expect(result.answers).toEqual([
      {
        kind: 'question',
        question_id: 'q1',
        question: 'Do you have a fever?',
        answer_id: 'no',
        answer: 'No',
        correct: true,
      },
      {
        kind: 'question',
        question_id: 'q2',
        question: 'Have you read the safety rules?',
        answer_id: 'skim',
        answer: 'Partly',
        correct: true,
      },
    ]);
    expect(result.validUntil?.toISOString()).toBe('2024-05-11T00:00:00.000Z');
  });

  it('is wrong when one chosen answer is not correct; notes decide failed or justified', () => {
    const answers = [
      { question_id: 'q1', answer_id: 'yes' },
      { question_id: 'q2', answer_id: 'read' },
    ];
    expect(graded(health, { answers })).toMatchObject({ isWrong: true, status: 'failed' });
    expect(graded(health, { answers, notes: 'Hay fever only' })).toMatchObject({ status: 'failed' });
    expect(graded(health, { answers, notes: 'Hay fever, seen by the site nurse' })).toMatchObject({
      isWrong: true,
      status: 'justified',
    });
  });

  it('refuses a missing, doubled or unknown answer', () => {
    const problem = (answers: { question_id: string; answer_id: string }[]) =>
      gradeResponse(health, { answers }, now, 'UTC');
    expect(problem([{ question_id: 'q1', answer_id: 'no' }])).toEqual({
      field: 'answers',
      messageKey: 'compliance_answer_missing',
    });
    expect(
      problem([
        { question_id: 'q1', answer_id: 'no' },
        { question_id: 'q1', answer_id: 'yes' },
        { question_id: 'q2', answer_id: 'read' },
      ]),
    ).toEqual({ field: 'answers', messageKey: 'compliance_answer_twice' });
    expect(
      problem([
        { question_id: 'q1', answer_id: 'maybe' },
        { question_id: 'q2', answer_id: 'read' },
      ]),
    ).toEqual({ field: 'answers', messageKey: 'compliance_answer_unknown' });
    expect(
      problem([
        { question_id: 'q1', answer_id: 'no' },
        { question_id: 'q2', answer_id: 'read' },
        { question_id: 'q9', answer_id: 'read' },
      ]),
    ).toEqual({ field: 'answers', messageKey: 'compliance_answer_unknown' });
  });
});

describe('judging an agreement or statement', () => {
  const nda: StoredAsked = {
    name: 'NDA',
    format: 'agreement',
    frequency: 'once',
    validity_days: null,
    content: { agreement_type: 'text', agreement_text: 'Keep it secret.', file: null },
  };
  it('is right when accepted, wrong when declined, and needs an answer', () => {
    expect(graded(nda, { accepted: true })).toMatchObject({ isWrong: false, status: 'success', validUntil: null });
    expect(graded(nda, { accepted: false })).toMatchObject({ isWrong: true, status: 'failed' });
    expect(gradeResponse(nda, {}, now, 'UTC')).toEqual({
      field: 'accepted',
      messageKey: 'compliance_accepted_required',
    });
  });
});

describe('judging a vaccination or test (vaccine / PCR status)', () => {
  it('takes an accepted vaccine and refuses another', () => {
    expect(
      graded(vaccine(), { document: doc({ type: 'vaccine', protocol: 'spikevax', date: '2023-10-01' }) }),
    ).toMatchObject({
      isWrong: false,
      vaccineStatus: 'vaccinated',
      validUntil: null,
    });
    expect(
      graded(vaccine(), { document: doc({ type: 'vaccine', protocol: 'coronavac', date: '2023-10-01' }) }),
    ).toMatchObject({
      isWrong: true,
      vaccineStatus: 'not_supported',
      status: 'failed',
    });
  });

  it('an expired certificate is expired; one that expires later ends the answer then', () => {
    expect(
      graded(vaccine(), {
        document: doc({ type: 'vaccine', protocol: 'comirnaty', date: '2023-01-01', expiry_date: '2024-05-09' }),
      }),
    ).toMatchObject({ vaccineStatus: 'expired', isWrong: true });
    const later = graded(vaccine(), {
      document: doc({ type: 'vaccine', protocol: 'comirnaty', date: '2023-01-01', expiry_date: '2024-06-30' }),
    });
    expect(later.vaccineStatus).toBe('vaccinated');
    expect(later.validUntil?.toISOString()).toBe('2024-07-01T00:00:00.000Z');
  });

  it('a negative test counts for the PCR valid days from its sample, in the company time zone', () => {
    const negative = graded(
      vaccine(),
      { document: doc({ type: 'test', result: 'negative', date: '2024-05-09' }) },
      'Asia/Dubai',
    );
    expect(negative).toMatchObject({ vaccineStatus: 'negative_pcr', isWrong: false });
    // Valid 9, 10 and 11 May in Dubai: until 12 May 00:00 +04.
    expect(negative.validUntil?.toISOString()).toBe('2024-05-11T20:00:00.000Z');
    expect(
      graded(vaccine(), { document: doc({ type: 'test', result: 'negative', date: '2024-05-07' }) }),
    ).toMatchObject({
      vaccineStatus: 'expired',
      isWrong: true,
    });
    expect(
      graded(vaccine(), { document: doc({ type: 'test', result: 'positive', date: '2024-05-10' }) }),
    ).toMatchObject({
      vaccineStatus: 'positive_pcr',
      isWrong: true,
    });
    expect(
      graded(vaccine({ accept_negative_pcr: false, pcr_valid_days: null }), {
        document: doc({ type: 'test', result: 'negative', date: '2024-05-10' }),
      }),
    ).toMatchObject({ vaccineStatus: 'disabled', isWrong: true });
  });

  it('refuses a document dated after today, and asks for the vaccine or the result', () => {
    expect(
      gradeResponse(vaccine(), { document: doc({ type: 'test', result: 'negative', date: '2024-05-11' }) }, now, 'UTC'),
    ).toEqual({
      field: 'document',
      messageKey: 'compliance_document_future',
    });
    expect(vaccineDocumentSchema.safeParse({ type: 'vaccine', date: '2024-01-01' }).error?.issues[0]?.message).toBe(
      'compliance_protocol_required',
    );
    expect(vaccineDocumentSchema.safeParse({ type: 'test', date: '2024-01-01' }).error?.issues[0]?.message).toBe(
      'compliance_pcr_result_required',
    );
  });
});

describe('the request body', () => {
  it('refuses the same compliance twice', () => {
    const id = '0190d3b2-7a4e-7c1e-9b8a-0123456789ab';
    const result = recordResponsesBodySchema.safeParse({
      responses: [
        { compliance_id: id, accepted: true },
        { compliance_id: id, accepted: false },
      ],
    });
    expect(result.error?.issues[0]?.message).toBe('compliance_response_duplicate');
  });
});
