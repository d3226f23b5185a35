// Where a generated data set lives and what the cases read from it. A data set is named by a hash of
// the migrations folder, the generator's version and the scale, so a schema change or a generator
// change makes a new one and an unchanged pair is reused from run to run.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bump whenever the generated rows change shape or number: the hash then names a new data set. */
export const GENERATOR_VERSION = 3;

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH_DIR, '..');
export const DATA_ROOT = path.join(BENCH_DIR, '.data');
export const MIGRATIONS_DIR = path.join(ROOT, 'apps/server/src/db/migrations');

export type DatabaseKind = 'postgres' | 'embedded';

/** The full-scale shape; BENCH_SCALE multiplies every count (at least a handful of each). */
export const SHAPE = {
  companies: 20,
  bigPeople: 100_000,
  bigVisits: 1_000_000,
  smallPeople: 1_000,
  smallVisits: 10_000,
  /** How far back visits go. */
  days: 730,
} as const;

export const scaled = (n: number, scale: number, min: number) => Math.max(min, Math.round(n * scale));

/** Every file of the migrations folder (SQL and the journal), in name order. */
function migrationsDigest(hash: ReturnType<typeof createHash>, dir = MIGRATIONS_DIR) {
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) migrationsDigest(hash, file);
    else hash.update(name).update('\0').update(readFileSync(file)).update('\0');
  }
}

export function dataSetHash(scale: number): string {
  const hash = createHash('sha256');
  migrationsDigest(hash);
  hash.update(`generator:${GENERATOR_VERSION}\0scale:${scale}`);
  return hash.digest('hex').slice(0, 12);
}

export const dataSetDir = (hash: string) => path.join(DATA_ROOT, hash);
/** The embedded database's DATA_DIR (PGlite keeps its files in pgdata/ inside it). */
export const embeddedDataDir = (hash: string) => path.join(dataSetDir(hash), 'embedded');
export const worldFile = (hash: string, kind: DatabaseKind) => path.join(dataSetDir(hash), `${kind}.json`);
export const postgresDatabaseName = (hash: string) => `bench_${hash}`;

export type CompanyWorld = {
  id: string;
  name: string;
  subdomain: string;
  timezone: string;
  big: boolean;
  admin: { email: string; password: string };
  /** The company's API client token (Authorization: Bearer). */
  token: string;
  /** An area whose flow lets a person of `signInTypeName` sign in with no questions. */
  signInAreaId: string;
  signInTypeName: string;
  people: number;
  visits: number;
  /** Visits per weekday over the two years: the rate the top-up keeps. */
  visitsPerWeekday: number;
  /** The company's day (YYYY-MM-DD on its clock) the data was generated on, and the last day with visits. */
  generatedDay: string;
  lastDay: string;
  /** The owner's person row: who added the expected visits. */
  ownerPersonId: string;
};

/** What the cases need, written beside the data once it is complete (its presence means complete). */
export type World = {
  kind: DatabaseKind;
  hash: string;
  scale: number;
  generatorVersion: number;
  /** PostgreSQL: the database; embedded: the DATA_DIR. */
  location: string;
  generatedAt: string;
  generationMs: number;
  companies: CompanyWorld[];
  big: {
    entityId: string;
    /** Active people of the no-questions type, not on site and not expected today, oldest first. */
    signInPool: string[];
    /** People-list searches that find people (a common last name, a visitor company, a full name). */
    searches: string[];
  };
};

export type RunWorld = World & {
  /** Visits added by the run's top-up (the days between generation and today). */
  toppedUp: number;
};
