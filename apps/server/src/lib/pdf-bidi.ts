// One line of text in the order it is drawn, for a PDF written with pdfkit. pdfkit shapes Arabic (its
// font engine joins the letters and lays a right-to-left word out right to left) but only word by word,
// in the order the words come: a line of Arabic words comes out with its words left to right, and a
// name in Latin letters inside an Arabic sentence has nowhere to go. This splits a line into runs by
// the Unicode bidirectional algorithm's main rules (strong letters, numbers, neutrals between them,
// levels and their reordering; no explicit embeddings, which our texts never carry) and answers the
// pieces left to right, each to be drawn as it is: a right-to-left word stays in its logical order for
// the font engine to shape and turn, a run of neutrals inside right-to-left text is turned here, and
// brackets there are mirrored.

export type Direction = 'ltr' | 'rtl';
/** A piece to draw, left to right: its text as the font engine takes it; `space` only moves the pen. */
export type VisualPiece = { text: string; space: boolean };

type Kind = 'L' | 'R' | 'N' | 'W';

const RTL_LETTER = /[\u0590-\u065F\u066A-\u06EF\u06FA-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const DIGIT = /[0-9\u0660-\u0669\u06F0-\u06F9]/u;
const LETTER = /[\p{L}\p{M}]/u;
/** Between two digits these belong to the number: 10:45, 2026-11-27, 3.5, 1,200. */
const NUMBER_JOINER = /^[.,:/\-\u066B\u066C]$/u;
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};

const kindOf = (ch: string): Kind => (DIGIT.test(ch) ? 'N' : RTL_LETTER.test(ch) ? 'R' : LETTER.test(ch) ? 'L' : 'W');

/** Whether a text holds right-to-left letters. */
export const hasRtl = (text: string) => RTL_LETTER.test(text);

/** Each character's embedding level (even: left to right, odd: right to left), paragraph `dir`. */
export function bidiLevels(chars: readonly string[], dir: Direction): number[] {
  const base = dir === 'rtl' ? 1 : 0;
  const kinds = chars.map(kindOf);
  // A joiner between two digits is part of the number.
  for (let i = 1; i < kinds.length - 1; i++) {
    if (kinds[i] === 'W' && NUMBER_JOINER.test(chars[i]!) && kinds[i - 1] === 'N' && kinds[i + 1] === 'N')
      kinds[i] = 'N';
  }
  // A number after left-to-right letters (or at the start of a left-to-right line) reads as they do;
  // otherwise it counts as right-to-left for the neutrals around it, itself kept left to right.
  const numberAs: ('L' | 'R')[] = [];
  let lastStrong: 'L' | 'R' = base ? 'R' : 'L';
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i]!;
    if (k === 'L' || k === 'R') lastStrong = k;
    numberAs[i] = lastStrong;
  }
  const strongOf = (i: number): 'L' | 'R' | null => {
    const k = kinds[i]!;
    if (k === 'L' || k === 'R') return k;
    if (k === 'N') return numberAs[i] === 'L' ? 'L' : 'R';
    return null;
  };
  const levels: number[] = [];
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i]!;
    if (k === 'L') levels[i] = base ? 2 : 0;
    else if (k === 'R') levels[i] = 1;
    else if (k === 'N') levels[i] = base ? 2 : numberAs[i] === 'L' ? 0 : 2;
    else {
      // A neutral takes the direction of the strong text on both sides when they agree, else the line's.
      let before: 'L' | 'R' = base ? 'R' : 'L';
      for (let j = i - 1; j >= 0; j--) {
        const s = strongOf(j);
        if (s) {
          before = s;
          break;
        }
      }
      let after: 'L' | 'R' = base ? 'R' : 'L';
      for (let j = i + 1; j < kinds.length; j++) {
        const s = strongOf(j);
        if (s) {
          after = s;
          break;
        }
      }
      const side = before === after ? before : base ? 'R' : 'L';
      levels[i] = side === 'R' ? 1 : base ? 2 : 0;
    }
  }
  return levels;
}

/** The line's pieces left to right (see the top of this file). */
export function visualPieces(text: string, dir: Direction): VisualPiece[] {
  const chars = [...text];
  if (chars.length === 0) return [];
  const levels = bidiLevels(chars, dir);
  // Runs of one level, then reordered: from the highest level down to the lowest odd one, every
  // stretch of runs at that level or above is reversed (rule L2).
  type Run = { level: number; text: string };
  const runs: Run[] = [];
  chars.forEach((ch, i) => {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[i]) last.text += ch;
    else runs.push({ level: levels[i]!, text: ch });
  });
  const max = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  const pieces: VisualPiece[] = [];
  for (const run of runs) {
    const tokens = run.text.split(/(\s+)/).filter((t) => t.length > 0);
    if (run.level % 2 === 0) {
      for (const t of tokens) pieces.push({ text: t, space: /^\s+$/.test(t) });
      continue;
    }
    for (const t of tokens.reverse()) {
      if (/^\s+$/.test(t)) {
        pieces.push({ text: t, space: true });
        continue;
      }
      const mirrored = [...t].map((ch) => MIRROR[ch] ?? ch);
      // The font engine turns a word with right-to-left letters itself; neutrals alone are turned here.
      pieces.push({ text: hasRtl(t) ? mirrored.join('') : mirrored.reverse().join(''), space: false });
    }
  }
  return pieces;
}
