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
export function fakePerson(n: number, domain: string, seed = 1): FakePerson {
  const next = random(seed * 1_000_003 + n);
  const firstName = FIRST[Math.floor(next() * FIRST.length)]!;
  const lastName = LAST[Math.floor(next() * LAST.length)]!;
  const local = `user${String(n).padStart(5, '0')}`;
  const phone = `+9715${String(10_000_000 + ((n * 7919 + seed) % 89_999_999)).padStart(8, '0')}`;
  return { n, firstName, lastName, email: `${local}@${domain}`, phone, employeeId: `E${String(n).padStart(6, '0')}` };
}

export function fakePeople(count: number, domain: string, seed = 1): FakePerson[] {
  return Array.from({ length: count }, (_, i) => fakePerson(i + 1, domain, seed));
}
