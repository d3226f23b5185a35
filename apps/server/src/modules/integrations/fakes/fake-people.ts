// Deterministic people for the directories' fakes: the same seed gives the same people, so tests and
// the demo can name who they expect. Names mix Latin and Arabic; some records are made imperfect on
// purpose by the fakes (a missing surname, a malformed email) to exercise the error list.

export type FakePerson = {
  /** 1-based position, stable for a seed. */
  n: number;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  phone: string;
  employeeId: string;
};

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Omar',
  'Layla',
  'Sofia',
  'Mateo',
  'Noor',
  'Yusuf',
  'Hana',
  'Lucas',
  'Amira',
  'Daniel',
  'Fatima',
  'Diego',
  'Zainab',
  'Elena',
  'Karim',
  'Maya',
  'Hugo',
  'سارة',
  'محمد',
  'ليلى',
  'أحمد',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Haddad',
  'Nasser',
  'García',
  'Fernández',
  'Khan',
  'Rahman',
  'Silva',
  'Okafor',
  'Yamamoto',
  'Schmidt',
  'Dubois',
  'Rossi',
  'Novak',
  'Ali',
  'Hassan',
  'Costa',
  'Moreau',
  'العلي',
  'الحسن',
  'منصور',
  'خليل',
];

/** Names only a directory of many people draws from, besides the lists above. */
const MORE_FIRST = [
  'Priya',
  'Chen',
  'Ingrid',
  'Tomás',
  'Aisha',
  'Kenji',
  'Olga',
  'Rafael',
  'Mei',
  'Samuel',
  'Zara',
  'Ivan',
  'Leila',
  'Nikhil',
  'Clara',
  'Bilal',
];
const MORE_LAST = [
  'Patel',
  'Wang',
  'Johansson',
  'Kowalski',
  'Mensah',
  'Tanaka',
  'Ivanova',
  'Pereira',
  'Nguyen',
  'Cohen',
  'Ahmed',
  'Müller',
  'Singh',
  'Larsen',
  'Papadopoulos',
  'Suzuki',
];
const MANY = { first: [...FIRST, ...MORE_FIRST], last: [...LAST, ...MORE_LAST] };

/**
 * How varied the full names are. `few` (tests and the demo): 576 full names, so that people share
 * names, as the duplicate checks need. `many` (a large directory, as in the bench): 40 first names and a
 * double surname of 40 × 40: 64,000 full names, at 50,000 people most of them different, as a real
 * directory's are (with `few`, each full name is shared by some 87 of 50,000 people).
 */
export type FakeNames = 'few' | 'many';

/** A small, fast, seeded generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The n-th person of a seed; emails are unique per seed and domain. */
export function fakePerson(n: number, domain: string, seed = 1, names: FakeNames = 'few'): FakePerson {
  const next = random(seed * 1_000_003 + n);
  const pick = (list: string[]) => list[Math.floor(next() * list.length)]!;
  const firstName = pick(names === 'many' ? MANY.first : FIRST);
  let lastName = pick(names === 'many' ? MANY.last : LAST);
  if (names === 'many') lastName = `${lastName}-${pick(MANY.last)}`;
  const local = `user${String(n).padStart(5, '0')}`;
  const phone = `+9715${String(10_000_000 + ((n * 7919 + seed) % 89_999_999)).padStart(8, '0')}`;
  return { n, firstName, lastName, email: `${local}@${domain}`, phone, employeeId: `E${String(n).padStart(6, '0')}` };
}

export function fakePeople(count: number, domain: string, seed = 1): FakePerson[] {
  return Array.from({ length: count }, (_, i) => fakePerson(i + 1, domain, seed));
}
