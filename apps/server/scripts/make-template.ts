// Writes the embedded database template (src/db/embedded-template.ts) into apps/server/dist.
// Run by build.ts in a process of its own, with WASM compiled by V8's baseline compiler only: initdb
// and the migrations run once, too briefly for optimised code to pay back its compilation.
import { openDatabase } from '../src/db/client';
import { writeEmbeddedTemplate } from '../src/db/embedded-template';

await writeEmbeddedTemplate(async (client) => {
  const db = await openDatabase({ pglite: client });
  await db.migrate();
});
