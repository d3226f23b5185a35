// How watchlist screening compares names (issue 29): two keys per name, both in plain ASCII so that
// PostgreSQL's trigram index and this code read them the same way in any database locale.
//
// - `plain`: the name as written, without case or accents (Arabic letters spelled one for one in Latin
//   letters). Two spellings in the same script compare by it.
// - `skeleton`: its consonants, as a name sounds, whichever script and romanisation wrote it: محمد,
//   Mohammed and Muhammad are all `mhmd`. Vowels go (Arabic writes short vowels not at all and long
//   ones not always); so do the article (al-, el-, ال), a final h, doubled letters, and the digraphs
//   that write one Arabic letter (kh, sh, gh, th, dh).
//
// The similarity of two keys is pg_trgm's: the shared share of their words' trigrams.

export type Script = 'latin' | 'arabic' | 'none';

/** Arabic letters (and Persian/Urdu forms met in names) as Latin: the consonant each one writes, or a vowel. */
const ARABIC: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ء: '',
  ؤ: 'u',
  ئ: 'i',
  ى: 'a',
  ة: 'a',
  ع: 'a',
  ب: 'b',
  پ: 'p',
  ت: 't',
  ث: 't',
  ج: 'j',
  چ: 'j',
  ح: 'h',
  خ: 'k',
  د: 'd',
  ذ: 'd',
  ر: 'r',
  ز: 'z',
  ژ: 'z',
  س: 's',
  ش: 's',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  غ: 'g',
  ف: 'f',
  ڤ: 'v',
  ق: 'k',
  ك: 'k',
  ک: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ھ: 'h',
  و: 'w',
  ي: 'y',
  ی: 'y',
};
/** Arabic diacritics, tatweel and the like: not letters of the name. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
const ARABIC_LETTER = /[\u0621-\u064a\u0671-\u06d3]/;
const LATIN_LETTER = /[a-z]/;

/** Letters NFKD does not take apart. */
const LATIN_EXTRA: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** The script a name is written in: the first letter's. */
export function scriptOf(name: string): Script {
  for (const ch of name.toLowerCase()) {
    if (ARABIC_LETTER.test(ch)) return 'arabic';
    if (LATIN_LETTER.test(ch.normalize('NFKD')[0] ?? '')) return 'latin';
  }
  return 'none';
}

/** The name's words in lower-case ASCII, Arabic letters spelled in Latin ones, anything else a space. */
function words(name: string): string[] {
  let out = '';
  for (const ch of name.toLowerCase().replace(ARABIC_MARKS, '')) {
    if (ch in ARABIC) out += ARABIC[ch] === '' ? '' : `${ARABIC[ch]}`;
    else if (ch in LATIN_EXTRA) out += LATIN_EXTRA[ch];
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += /^[a-z0-9]+$/.test(base) ? base : ' ';
    }
  }
  return out.split(' ').filter(Boolean);
}

/** Arabic words keep their letters apart from vowels: mark the ones that are (alef, ain, …) as such. */
function arabicWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .split(/[^\u0621-\u064a\u0671-\u06d3]+/)
    .filter(Boolean);
}

const LATIN_DIGRAPHS: [RegExp, string][] = [
  [/kh/g, 'k'],
  [/sh/g, 's'],
  [/sch/g, 's'],
  [/ch/g, 's'],
  [/gh/g, 'g'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/ph/g, 'f'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/c/g, 'k'],
  [/x/g, 'ks'],
];

/** A Latin word's consonants: the article, vowels (and w, y but first), a final h, doubles gone. */
function latinSkeleton(word: string): string {
  let w = word.replace(/^(al|el)(?=[a-z]{3,})/, '');
  if (w === 'al' || w === 'el') return '';
  for (const [from, to] of LATIN_DIGRAPHS) w = w.replace(from, to);
  w = w.replace(/h$/, '');
  const first = w[0] ?? '';
  const rest = w.slice(1).replace(/[aeiouwy]/g, '');
  return collapse((/[aeiou]/.test(first) ? '' : first) + rest);
}

/** An Arabic word's consonants: the article, alef, ain, hamza, weak letters but first, a final h or taa marbuta gone. */
function arabicSkeleton(word: string): string {
  let w = word.startsWith('ال') && word.length > 3 ? word.slice(2) : word;
  w = w.replace(/[هة]$/, '');
  let out = '';
  for (const [i, ch] of [...w].entries()) {
    if ('اأإآٱءؤئىعة'.includes(ch)) continue;
    if ((ch === 'و' || ch === 'ي' || ch === 'ی') && i > 0) continue;
    out += ARABIC[ch] ?? '';
  }
  return collapse(out);
}

const collapse = (s: string) => s.replace(/(.)\1+/g, '$1');

export type NameKeys = { plain: string; skeleton: string; script: Script };

/** A name's keys: as written (plain) and as it sounds (skeleton). */
export function nameKeys(name: string): NameKeys {
  const script = scriptOf(name);
  const plain = words(name).join(' ');
  const skeleton = (script === 'arabic' ? arabicWords(name).map(arabicSkeleton) : words(name).map(latinSkeleton))
    .filter(Boolean)
    .join(' ');
  return { plain, skeleton, script };
}

/** pg_trgm's trigrams of a string: each word with two spaces before and one after, three letters at a time. */
export function trigrams(value: string): Set<string> {
  const out = new Set<string>();
  for (const word of value.split(/[^a-z0-9]+/).filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's `similarity`: shared trigrams over all of both. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Levenshtein distance: the letters to add, remove or change to make one the other. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** The email as the same mailbox is written many ways: without case, a `+tag`, or a Gmail address's dots. */
export function emailKey(email: string | null | undefined): string | null {
  const e = email?.trim().toLowerCase();
  if (!e || !e.includes('@')) return null;
  const at = e.lastIndexOf('@');
  const domain = e.slice(at + 1);
  const local = e.slice(0, at).split('+')[0]!;
  if (domain === 'gmail.com' || domain === 'googlemail.com') return `${local.replace(/\./g, '')}@gmail.com`;
  return `${local}@${domain}`;
}

/** The phone's last nine digits, with or without its country code or a leading zero; from seven digits. */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 7 ? digits.slice(-9) : null;
}
