import { describe, expect, it } from 'vitest';
import { answerStatus, notesLength } from './answer-status';

describe('answer status (spec §4)', () => {
  it('is success when nothing is wrong, whatever the notes', () => {
    expect(answerStatus({ isWrong: false })).toBe('success');
    expect(answerStatus({ isWrong: false, notes: 'short' })).toBe('success');
    expect(answerStatus({ isWrong: false, notes: 'x'.repeat(40) })).toBe('success');
  });

  it('is failed when wrong with notes under 20 characters', () => {
    expect(answerStatus({ isWrong: true })).toBe('failed');
    expect(answerStatus({ isWrong: true, notes: null })).toBe('failed');
    expect(answerStatus({ isWrong: true, notes: 'x'.repeat(19) })).toBe('failed');
    // Spaces around the notes are not characters of the note.
    expect(answerStatus({ isWrong: true, notes: `  ${'x'.repeat(19)}      ` })).toBe('failed');
  });

  it('is justified when wrong with notes of 20 characters or more', () => {
    expect(answerStatus({ isWrong: true, notes: 'x'.repeat(20) })).toBe('justified');
    expect(answerStatus({ isWrong: true, notes: 'Recovered, doctor note attached' })).toBe('justified');
  });

  it('counts letters, not bytes or UTF-16 units', () => {
    const arabic = 'تم التعافي من المرض'; // 19 letters and spaces
    expect(notesLength(arabic)).toBe(19);
    expect(answerStatus({ isWrong: true, notes: arabic })).toBe('failed');
    expect(answerStatus({ isWrong: true, notes: `${arabic}.` })).toBe('justified');
    expect(notesLength('😷'.repeat(20))).toBe(20);
    expect(answerStatus({ isWrong: true, notes: '😷'.repeat(19) })).toBe('failed');
  });
});
