// The generated data set of each database, made once and reused, and the working copy a run uses (so
// what the cases write, and the server's own jobs, never change the kept data).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { GenerateSettings } from '../dataset/generate';
import {
  BENCH_DIR,
  DATA_ROOT,
  dataSetDir,
  dataSetHash,
  embeddedDataDir,
  postgresDatabaseName,
  worldFile,
  type DatabaseKind,
  type RunWorld,
  type World,
} from '../dataset/data-set';
import type { Options } from './options';
import { copyDatabase, createDatabase, databaseExists, databaseUrl, dropDatabase } from './postgres-admin';
import { onCleanupOnce, runNode } from './processes';

const GENERATE = path.join(BENCH_DIR, 'dataset/generate.ts');

export type DataSet = { world: World; generated: boolean };

export type WorkingCopy = {
  kind: DatabaseKind;
  /** PostgreSQL: the copy's URL; embedded: its DATA_DIR. */
  location: string;
  world: RunWorld;
  copyMs: number;
  topUpMs: number;
  drop: () => Promise<void>;
};

function readWorld(file: string): World | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as World;
  } catch {
    return null;
  }
}

async function postgresDataSetIsThere(options: Options, name: string, world: World): Promise<boolean> {
  if (world.location !== name || !(await databaseExists(options.postgresUrl, name))) return false;
  const client = new pg.Client({ connectionString: databaseUrl(options.postgresUrl, name) });
  await client.connect();
  try {
    return (await client.query('select 1 from entities where id = $1', [world.big.entityId])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The kept data set of `kind` at the options' scale: reused when complete, else generated now. */
export async function ensureDataSet(kind: DatabaseKind, options: Options, workDir: string): Promise<DataSet> {
  const hash = dataSetHash(options.scale);
  const file = worldFile(hash, kind);
  const known = options.regenerate ? null : readWorld(file);
  if (kind === 'embedded') {
    const dataDir = embeddedDataDir(hash);
    if (known && existsSync(path.join(dataDir, 'pgdata'))) return { world: known, generated: false };
    rmSync(file, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
    await generate({ kind, location: dataDir, scale: options.scale, hash, out: file }, workDir);
  } else {
    const name = postgresDatabaseName(hash);
    if (known && (await postgresDataSetIsThere(options, name, known))) return { world: known, generated: false };
    rmSync(file, { force: true });
    await dropDatabase(options.postgresUrl, name);
    await createDatabase(options.postgresUrl, name);
    try {
      await generate(
        { kind, location: databaseUrl(options.postgresUrl, name), scale: options.scale, hash, out: file },
        workDir,
      );
    } catch (error) {
      await dropDatabase(options.postgresUrl, name);
      throw error;
    }
  }
  const world = readWorld(file);
  if (!world) throw new Error(`the generator wrote no ${file}`);
  await pruneOlderDataSets(options, hash);
  return { world, generated: true };
}

/**
 * Data sets of the same scale made from older migrations or an older generator will not be used again:
 * their folders and databases go once a new one is complete.
 */
async function pruneOlderDataSets(options: Options, keep: string): Promise<void> {
  if (!existsSync(DATA_ROOT)) return;
  for (const hash of readdirSync(DATA_ROOT)) {
    if (hash === keep || !/^[0-9a-f]{12}$/.test(hash)) continue;
    const worlds = (['postgres', 'embedded'] as const).map((kind) => readWorld(worldFile(hash, kind)));
    const scale = worlds.find((w) => w)?.scale;
    if (scale !== options.scale) continue;
    if (worlds[0] && options.databases.includes('postgres'))
      await dropDatabase(options.postgresUrl, postgresDatabaseName(hash));
    else if (worlds[0]) continue; // its database is on a server this run does not reach
    rmSync(dataSetDir(hash), { recursive: true, force: true });
    console.log(`Removed the older data set ${hash} (scale ${scale}).`);
  }
}

async function generate(settings: GenerateSettings, workDir: string) {
  mkdirSync(path.dirname(settings.out), { recursive: true });
  const settingsFile = path.join(workDir, `generate-${settings.kind}.json`);
  writeFileSync(settingsFile, JSON.stringify(settings));
  console.log(
    `Generating the ${settings.kind} data set ${settings.hash} (scale ${settings.scale}); it is kept for later runs.`,
  );
  await runNode(GENERATE, ['generate', settingsFile], path.join(workDir, `generate-${settings.kind}.log`), {
    echo: true,
  });
}

const RUNS_DIR = path.join(DATA_ROOT, 'runs');

/** Embedded working copies of runs that died without cleaning up (their process is gone). */
export function removeStaleCopies(): string[] {
  if (!existsSync(RUNS_DIR)) return [];
  const stale = readdirSync(RUNS_DIR).filter((name) => {
    try {
      process.kill(Number(name), 0);
      return false;
    } catch {
      return true;
    }
  });
  for (const name of stale) rmSync(path.join(RUNS_DIR, name), { recursive: true, force: true });
  return stale;
}

/** A copy of the data set for this run, brought up to today (bench/dataset/generate.ts top-up). */
export async function makeWorkingCopy(
  kind: DatabaseKind,
  options: Options,
  set: DataSet,
  workDir: string,
): Promise<WorkingCopy> {
  const { hash } = set.world;
  const t0 = performance.now();
  let location: string;
  let drop: () => Promise<void>;
  if (kind === 'postgres') {
    const name = `${postgresDatabaseName(hash)}_run${process.pid}`;
    await dropDatabase(options.postgresUrl, name);
    await copyDatabase(options.postgresUrl, postgresDatabaseName(hash), name);
    location = databaseUrl(options.postgresUrl, name);
    drop = () => dropDatabase(options.postgresUrl, name);
  } else {
    const dir = path.join(RUNS_DIR, String(process.pid));
    rmSync(dir, { recursive: true, force: true });
    cpSync(embeddedDataDir(hash), dir, { recursive: true });
    location = dir;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const dropOnce = onCleanupOnce(drop);
  const copyMs = performance.now() - t0;

  const t1 = performance.now();
  const out = path.join(workDir, `world-${kind}.json`);
  const settingsFile = path.join(workDir, `top-up-${kind}.json`);
  const settings: GenerateSettings = { kind, location, scale: options.scale, hash, out, world: worldFile(hash, kind) };
  writeFileSync(settingsFile, JSON.stringify(settings));
  await runNode(GENERATE, ['top-up', settingsFile], path.join(workDir, `top-up-${kind}.log`), { echo: true });
  const world = JSON.parse(readFileSync(out, 'utf8')) as RunWorld;
  return { kind, location, world, copyMs, topUpMs: performance.now() - t1, drop: dropOnce };
}
