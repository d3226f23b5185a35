// The online compliance page's answers: which compliances are still to answer, what the visitor has
// chosen, the status the spec's rule gives (§4 "Compliance answer status": notes of 20 characters or
// more justify a wrong answer), and the body sent. Which answer is right is never known here: the
// server judges it and answers the status.
import { answerStatus, notesLength, type AnswerStatus } from '@app/shared/compliances/answer-status';
import { LIMITS } from '@app/shared/constants';
import type { OnlineCompliance, onlineComplianceBodySchema } from '@app/shared/pre-registration/schemas';
import type { z } from 'zod';

export type OnlineItem = OnlineCompliance['compliances'][number];
export type Questions = Extract<OnlineItem['content'], { questions: unknown }>['questions'];

/** What the visitor has chosen for one compliance. */
export type Draft = {
  /** Question format: answer id by question id. */
  answers: Record<string, string>;
  /** Agreement and statement formats: agreed, declined, or not chosen yet. */
  accepted: boolean | null;
  notes: string;
};

export const emptyDraft = (): Draft => ({ answers: {}, accepted: null, notes: '' });

export const NOTES_MIN = LIMITS.complianceNoteMin;

export const questionsOf = (item: OnlineItem): Questions => ('questions' in item.content ? item.content.questions : []);

/**
 * Whether the page asks the compliance now: not answered yet, or answered and failed (a new answer
 * replaces it). An answer that still counts (within its frequency) is shown as done instead.
 */
export const isOpen = (item: OnlineItem, reopened: ReadonlySet<string>): boolean =>
  item.answer === null || reopened.has(item.id);

/** Whether a draft says everything the compliance asks (notes are never required). */
export function isComplete(item: OnlineItem, draft: Draft | undefined): boolean {
  if (!draft) return false;
  switch (item.format) {
    case 'question':
      return questionsOf(item).every((q) => draft.answers[q.id] !== undefined);
    case 'agreement':
    case 'statement':
      return draft.accepted !== null;
    case 'vaccine':
      // Sent on its own, with its file.
      return false;
  }
}

export type LiveStatus =
  /** What the answer will be: known when the visitor declined or agreed. */
  | { kind: 'known'; status: AnswerStatus }
  /** Questions: the server knows the right answers; this is what a wrong one would count as. */
  | { kind: 'if_wrong'; status: AnswerStatus };

/** Spec §4 applied as the visitor types: the status their answer gets, or would get if wrong. */
export function liveStatus(item: OnlineItem, draft: Draft): LiveStatus | null {
  if (item.format === 'agreement' || item.format === 'statement') {
    if (draft.accepted === null) return null;
    return { kind: 'known', status: answerStatus({ isWrong: !draft.accepted, notes: draft.notes }) };
  }
  if (item.format === 'question')
    return { kind: 'if_wrong', status: answerStatus({ isWrong: true, notes: draft.notes }) };
  return null;
}

/** How many characters of the notes count, and whether they justify a wrong answer. */
export const notesProgress = (notes: string) => {
  const length = notesLength(notes);
  return { length, enough: length >= NOTES_MIN };
};

type Body = z.input<typeof onlineComplianceBodySchema>;

/** One response per open, complete compliance (vaccines go with their file, apart). */
export function responsesBody(
  items: readonly OnlineItem[],
  drafts: Record<string, Draft>,
  reopened: ReadonlySet<string>,
): Body['responses'] {
  return items
    .filter((item) => item.format !== 'vaccine' && isOpen(item, reopened) && isComplete(item, drafts[item.id]))
    .map((item) => {
      const draft = drafts[item.id]!;
      const notes = draft.notes.trim() === '' ? null : draft.notes.trim();
      return item.format === 'question'
        ? {
            compliance_id: item.id,
            version: item.version,
            answers: questionsOf(item).map((q) => ({ question_id: q.id, answer_id: draft.answers[q.id]! })),
            notes,
          }
        : { compliance_id: item.id, version: item.version, accepted: draft.accepted!, notes };
    });
}

/** Required compliances (not vaccines) still open and not fully answered: the page names them. */
export const missingRequired = (
  items: readonly OnlineItem[],
  drafts: Record<string, Draft>,
  reopened: ReadonlySet<string>,
): string[] =>
  items
    .filter(
      (item) =>
        item.required && item.format !== 'vaccine' && isOpen(item, reopened) && !isComplete(item, drafts[item.id]),
    )
    .map((item) => item.id);

/** Whether anything on the page is still to be done. */
export const allAnswered = (items: readonly OnlineItem[]): boolean =>
  items.every((item) => !item.required || (item.answer !== null && item.answer.status !== 'failed'));
