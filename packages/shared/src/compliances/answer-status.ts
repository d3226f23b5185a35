// Spec §4 "Compliance answer status", the one rule the server and the screens both apply.
import { LIMITS } from '../constants';

export const ANSWER_STATUSES = ['failed', 'justified', 'success'] as const;
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/** Characters of the notes as a person sees them: trimmed, each letter once (Arabic and emoji included). */
export const notesLength = (notes: string | null | undefined): number => [...(notes ?? '').trim()].length;

/** Whether the notes are long enough to justify a wrong answer (at least 20 characters, spec §9). */
export const notesJustify = (notes: string | null | undefined): boolean =>
  notesLength(notes) >= LIMITS.complianceNoteMin;

/**
 * Failed if an answer is wrong and the notes are under 20 characters; justified if wrong and the notes
 * are 20 or more; success otherwise.
 */
export function answerStatus(input: { isWrong: boolean; notes?: string | null }): AnswerStatus {
  if (!input.isWrong) return 'success';
  return notesJustify(input.notes) ? 'justified' : 'failed';
}
