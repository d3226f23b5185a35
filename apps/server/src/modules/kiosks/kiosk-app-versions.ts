// The kiosk app's versions the server serves (spec GET /kiosks/app-versions). The kiosk app's build
// writes `version.json` beside its files: its version and its key, a hash of the build's content. A
// kiosk told to update checks the key against what it downloads before it switches (decision 044).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const versionFileSchema = z.object({
  version: z.string().min(1),
  key: z.string().min(1),
  built_at: z.string().nullable().optional(),
});
export type ServedKioskVersion = { version: string; key: string; builtAt: string | null };

/** The version the server serves now, or none when no kiosk app was built. Read on each ask: a deploy replaces it. */
export async function servedKioskVersions(root: string): Promise<ServedKioskVersion[]> {
  const file = path.join(root, 'version.json');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const parsed = versionFileSchema.safeParse(json);
  if (!parsed.success) return [];
  return [{ version: parsed.data.version, key: parsed.data.key, builtAt: parsed.data.built_at ?? null }];
}
