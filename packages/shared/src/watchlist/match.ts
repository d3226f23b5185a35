import { editDistance, emailKey, nameKeys, phoneKey, trigramSimilarity, type NameKeys } from './name-keys';

// Why a person matches a watchlist entry, field by field, and the score that follows (issue 29). The
// server finds the candidates through trigram indexes; this decides and explains, the same way for the
// dashboard, the kiosk's server calls and the tests.

/** How a field matched: the same value; names alike as written; alike as they sound; or across scripts. */
export const MATCH_HOWS = ['same', 'alike', 'sounds_alike', 'transliterated'] as const;
export type MatchHow = (typeof MATCH_HOWS)[number];

export const MATCH_FIELDS = ['email', 'phone', 'name', 'alias', 'company'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

export type MatchReason = {
  field: MatchField;
  how: MatchHow;
  /** 0–100: how alike the two values are. */
  similarity: number;
  /** Letters to change to make one the other, for names. */
  distance: number | null;
  entry_value: string;
  subject_value: string;
};

/** Whom screening looks at: a person's details as given. */
export type Subject = {
  name: string;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
};

export type EntryForMatch = {
  full_name: string;
  aliases: readonly string[];
  email: string | null;
  phone: string | null;
  company_name: string | null;
};

/** Name scores from this up are a match by default: a company may set 60–100. */
export const DEFAULT_NAME_THRESHOLD = 80;
/** What an identical phone scores (an email 100): a shared line is less certain than a mailbox. */
const PHONE_SCORE = 95;
/** What the same company adds to a name that matches. */
const COMPANY_BONUS = 5;
/** Across scripts a name's skeleton is all there is to compare: an identical one is nearly certain. */
const CROSS_SCRIPT_SKELETON = 0.95;

const letters = (s: string) => s.replace(/ /g, '').length;
const ratio = (a: string, b: string) => {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - editDistance(a, b) / longest;
};

/** How alike two names are (0–1), and in which way. */
export function compareNames(a: NameKeys, b: NameKeys): { similarity: number; how: MatchHow; distance: number } | null {
  if (!a.plain || !b.plain) return null;
  const sameScript = a.script === b.script;
  let best: { similarity: number; how: MatchHow; distance: number } | null = null;
  if (sameScript) {
    if (a.plain === b.plain) return { similarity: 1, how: 'same', distance: 0 };
    const alike = Math.max(trigramSimilarity(a.plain, b.plain), ratio(a.plain, b.plain));
    best = { similarity: alike, how: 'alike', distance: editDistance(a.plain, b.plain) };
  }
  if (letters(a.skeleton) >= 3 && letters(b.skeleton) >= 3) {
    const skeletons = Math.max(trigramSimilarity(a.skeleton, b.skeleton), ratio(a.skeleton, b.skeleton));
    // In one script, how a name sounds counts half with how it is written: a few consonants in the same
    // order are common to many different names. Across scripts it is all there is to compare.
    const sounds = sameScript ? (best!.similarity + skeletons) / 2 : skeletons * CROSS_SCRIPT_SKELETON;
    if (!best || sounds > best.similarity) {
      best = {
        similarity: sounds,
        how: sameScript ? 'sounds_alike' : 'transliterated',
        distance: editDistance(a.skeleton, b.skeleton),
      };
    }
  }
  return best;
}

const pct = (n: number) => Math.round(n * 100);

/**
 * Whether a subject matches an entry: its reasons (strongest first) and score, or null. An identical
 * email or phone matches whatever the name; names match from `threshold`, and the same company then
 * adds a little.
 */
export function matchEntry(
  subject: Subject,
  entry: EntryForMatch,
  threshold: number = DEFAULT_NAME_THRESHOLD,
): { score: number; reasons: MatchReason[] } | null {
  const reasons: MatchReason[] = [];
  const sEmail = emailKey(subject.email);
  if (sEmail && sEmail === emailKey(entry.email)) {
    reasons.push({
      field: 'email',
      how: 'same',
      similarity: 100,
      distance: null,
      entry_value: entry.email!,
      subject_value: subject.email!,
    });
  }
  const sPhone = phoneKey(subject.phone);
  if (sPhone && sPhone === phoneKey(entry.phone)) {
    reasons.push({
      field: 'phone',
      how: 'same',
      similarity: 100,
      distance: null,
      entry_value: entry.phone!,
      subject_value: subject.phone!,
    });
  }
  const subjectKeys = nameKeys(subject.name);
  let name: MatchReason | null = null;
  const names: ['name' | 'alias', string][] = [
    ['name', entry.full_name],
    ...entry.aliases.map((a): ['alias', string] => ['alias', a]),
  ];
  for (const [field, value] of names) {
    const found = compareNames(subjectKeys, nameKeys(value));
    if (found && pct(found.similarity) >= threshold && (!name || pct(found.similarity) > name.similarity)) {
      name = {
        field,
        how: found.how,
        similarity: pct(found.similarity),
        distance: found.distance,
        entry_value: value,
        subject_value: subject.name,
      };
    }
  }
  if (name) reasons.push(name);
  const company = (s: string | null | undefined) => (s ? nameKeys(s).plain : '');
  if (name && company(subject.company) && company(subject.company) === company(entry.company_name)) {
    reasons.push({
      field: 'company',
      how: 'same',
      similarity: 100,
      distance: 0,
      entry_value: entry.company_name!,
      subject_value: subject.company!,
    });
  }
  if (reasons.length === 0) return null;
  const score = Math.min(
    100,
    Math.max(
      reasons.some((r) => r.field === 'email') ? 100 : 0,
      reasons.some((r) => r.field === 'phone') ? PHONE_SCORE : 0,
      name ? name.similarity + (reasons.some((r) => r.field === 'company') ? COMPANY_BONUS : 0) : 0,
    ),
  );
  return { score, reasons };
}
