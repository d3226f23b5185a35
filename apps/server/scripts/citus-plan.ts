// Prints the statements that distribute a migrated database by company on a Citus coordinator
// (docs/scale-out.md), read from that database's catalogue. Refuses while the schema has a key or a
// foreign key Citus would not take (the same rules as test/schema-distribution.int.test.ts).
//   npx tsx apps/server/scripts/citus-plan.ts postgres://user@host:5432/frontdesk > distribute.sql
import pg from 'pg';
import { citusPlan, distributionProblems, readSchemaShape } from '../src/db/distribution';

const url = process.argv[2] ?? process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('usage: citus-plan.ts <postgres url> (or DATABASE_URL)\n');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const shape = await readSchemaShape((text) => client.query(text));
  const problems = distributionProblems(shape);
  if (problems.length) {
    process.stderr.write(`Not ready to distribute:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(citusPlan(shape));
  }
} finally {
  await client.end();
}
