// The photo zip of an import (spec §5: photos of at most 500 KB, jpg or png, no folders; SPEC-NOTES: a
// zip of at most 50 MB, its unpacked size and file count bounded). Each photo is named by the email or
// id number of its row. The zip is read with the safe reader (lib/zip-archive.ts): a bomb, a folder, a
// `../` name or a link refuses the whole zip. So does a file that is not a JPG or PNG by its content
// (whatever its name says): nothing of a refused zip is kept. A photo that is an image but breaks the
// photo rules (too small, too large) is a problem of its row's photo, shown in the grid. Photos are
// stored re-encoded under their row's id, never under their name in the zip.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@app/shared/constants';
import { IMPORT_LIMITS, type ImportTask } from '@app/shared/people/import';
import type { Language } from '@app/shared/constants';
import type { ImportCellError } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { checkImage, detectImageKind, type ImageRule } from '../../lib/images';
import { randomToken } from '../../lib/tokens';
import { PHOTO_ZIP_LIMITS, readZipEntries } from '../../lib/zip-archive';
import type { AccessContext } from '../access/access.types';
import { inTenant } from '../access/in-tenant';
import { writeAudit } from '../audit/audit.repository';
import { loadFileIndex, loadNames } from './import-check';
import { toImportTask } from './import-view';
import { replaceRowPhotos, rowMatchValues, rowsWithPhotos, updateTask } from './people-import.repository';
import { assertEditable, checkRowsById, recount, visibleTask } from './people-import.service';

const FIELD = 'zip';
const EXTENSIONS = new Set(['.jpg', '.jpeg', '.png']);
/** A photo of the zip: the profile photo's sizes (spec §5), at most 500 KB. */
export const IMPORT_PHOTO_RULE: ImageRule = { ...LIMITS.photo, maxBytes: IMPORT_LIMITS.photoMaxBytes };
const ROW_PROBLEMS = new Set(['image_too_small', 'image_too_large', 'file_too_large']);

export const stagedPhotoKey = (entityId: string, taskId: string, rowId: string, kind: string) =>
  `entities/${entityId}/people-imports/${taskId}/${rowId}-${randomToken(6)}.${kind}`;

const notAnImage = (name: string) =>
  new AppError('rule_violation', {
    field: FIELD,
    messageKey: 'import_photo_not_image',
    vars: { name: name.slice(0, 100) },
  });

/** PUT /people/import/{id}/photos: the task's photos, in place of any zip given before. */
export async function attachPhotos(
  app: FastifyInstance,
  ctx: AccessContext,
  lang: Language,
  taskId: string,
  zip: Buffer,
): Promise<ImportTask> {
  const rows = await inTenant(app, ctx, async (tx) => {
    assertEditable(await visibleTask(tx, ctx, taskId));
    return rowMatchValues(tx, ctx.entityId, taskId);
  });
  const byName = new Map<string, string[]>();
  const add = (name: string | null, id: string) => {
    if (!name) return;
    const list = byName.get(name);
    if (!list) byName.set(name, [id]);
    else if (!list.includes(id)) list.push(id);
  };
  for (const row of rows) {
    add(row.email, row.id);
    add(row.idNumber, row.id);
  }

  const written: string[] = [];
  const photos = new Map<string, { id: string; key: string | null; name: string; error: ImportCellError | null }>();
  const unmatched: string[] = [];
  try {
    for await (const entry of readZipEntries(zip, PHOTO_ZIP_LIMITS, FIELD)) {
      const ext = path.extname(entry.name).toLowerCase();
      if (!EXTENSIONS.has(ext) || !detectImageKind(entry.data)) throw notAnImage(entry.name);
      const targets = (byName.get(entry.name.slice(0, -ext.length).trim().toLowerCase()) ?? []).filter(
        (id) => !photos.has(id),
      );
      if (targets.length === 0) {
        if (unmatched.length < IMPORT_LIMITS.unmatchedPhotosShown) unmatched.push(entry.name.slice(0, 200));
        continue;
      }
      let image: Awaited<ReturnType<typeof checkImage>> | null = null;
      let error: ImportCellError | null = null;
      try {
        image = await checkImage(entry.data, IMPORT_PHOTO_RULE, 'photo');
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        // Damaged, or not what its first bytes say: not an image at all.
        if (!ROW_PROBLEMS.has(err.code)) throw notAnImage(entry.name);
        error = { key: err.options.messageKey ?? err.code, vars: err.options.vars ?? {} };
      }
      for (const id of targets) {
        let key: string | null = null;
        if (image) {
          key = stagedPhotoKey(ctx.entityId, taskId, id, image.kind);
          await app.files.put(key, image.data);
          written.push(key);
        }
        photos.set(id, { id, key, name: entry.name.slice(0, 200), error });
      }
    }
  } catch (err) {
    for (const key of written) await app.files.remove(key);
    throw err;
  }

  const { task, replaced } = await inTenant(app, ctx, async (tx) => {
    const current = await visibleTask(tx, ctx, taskId, { lock: true });
    assertEditable(current);
    const before = await rowsWithPhotos(tx, ctx.entityId, taskId);
    await replaceRowPhotos(tx, ctx.entityId, taskId, [...photos.values()]);
    const ids = [...new Set([...before.map((r) => r.id), ...photos.keys()])];
    const names = await loadNames(tx, ctx);
    await checkRowsById(tx, ctx, names, await loadFileIndex(tx, ctx.entityId, taskId), ids);
    await recount(tx, ctx.entityId, taskId);
    const saved = (await updateTask(tx, ctx.entityId, taskId, { photos: photos.size, unmatchedPhotos: unmatched }))!;
    await writeAudit(tx, ctx, {
      action: 'people_import.photos',
      targetType: 'people_import',
      targetId: taskId,
      after: {
        matched: photos.size,
        with_problems: [...photos.values()].filter((p) => p.error).length,
        unmatched: unmatched.length,
      },
    });
    return { task: saved, replaced: before.map((r) => r.key).filter((k): k is string => k !== null) };
  }).catch(async (err: unknown) => {
    for (const key of written) await app.files.remove(key);
    throw err;
  });
  for (const key of replaced) await app.files.remove(key);
  return toImportTask(task, ctx, lang);
}
