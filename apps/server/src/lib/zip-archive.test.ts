import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@app/shared/constants';
import { makePng } from '../../test/helpers/images';
import {
  makeZip,
  makeZipBomb,
  makeZipWithFolder,
  makeZipWithNames,
  makeZipWithSymlink,
  makeZipWithTooManyEntries,
  patchZipEntries,
} from '../../test/helpers/upload-fixtures';
import { AppError } from './app-error';
import { PHOTO_ZIP_LIMITS, readZipEntries, type ZipEntry, type ZipLimits } from './zip-archive';

/** Every entry read before the first refusal, and the refusal. */
async function readAll(zip: Buffer, limits?: ZipLimits) {
  const entries: ZipEntry[] = [];
  try {
    for await (const entry of readZipEntries(zip, limits)) entries.push(entry);
    return { entries, refused: null };
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { code, options, status } = error as AppError;
    expect(options.field).toBe('zip');
    return { entries, refused: { code, status, messageKey: options.messageKey, vars: options.vars } };
  }
}

const refusalOf = async (zip: Buffer, limits?: ZipLimits) => (await readAll(zip, limits)).refused;
const roomy: ZipLimits = { maxBytes: 10e6, maxEntries: 10, maxEntryBytes: 10e6, maxTotalBytes: 100e6, maxRatio: 1e6 };

describe('readZipEntries', () => {
  it('yields each photo of a flat zip with its bytes', async () => {
    const jane = makePng(30, 40);
    const omar = randomBytes(2000);
    const zip = await makeZip((z) => {
      z.addBuffer(jane, 'jane.png');
      z.addBuffer(omar, 'omar.jpg', { compress: false });
      z.addBuffer(Buffer.alloc(0), 'empty.png');
    });
    const { entries, refused } = await readAll(zip);
    expect(refused).toBeNull();
    expect(entries.map((e) => e.name)).toEqual(['jane.png', 'omar.jpg', 'empty.png']);
    expect(entries[0]!.data.equals(jane)).toBe(true);
    expect(entries[1]!.data.equals(omar)).toBe(true);
    expect(entries[2]!.data.length).toBe(0);
  });

  it('uses the photo zip limits of the people import', () => {
    expect(PHOTO_ZIP_LIMITS).toEqual({
      maxBytes: LIMITS.zipMaxBytes,
      maxEntries: LIMITS.zipMaxEntries,
      maxEntryBytes: LIMITS.zipPhotoMaxBytes,
      maxTotalBytes: LIMITS.zipMaxBytes,
      maxRatio: 100,
    });
  });

  it('refuses a zip over its size, and anything that is not a zip', async () => {
    const zip = await makeZip((z) => z.addBuffer(Buffer.from('x'), 'a.png'));
    expect(await refusalOf(zip, { ...roomy, maxBytes: zip.length - 1 })).toMatchObject({
      code: 'file_too_large',
      status: 413,
    });
    expect(await refusalOf(Buffer.concat([zip, Buffer.alloc(LIMITS.zipMaxBytes)]))).toMatchObject({
      code: 'file_too_large',
      vars: { size: '50 MB' },
    });
    expect(await refusalOf(makePng(10, 10))).toMatchObject({ code: 'rule_violation', messageKey: 'zip_invalid' });
    expect(await refusalOf(zip.subarray(0, zip.length - 10))).toMatchObject({ messageKey: 'zip_invalid' });
  });

  it('refuses more entries than the limit before reading any', async () => {
    const { entries, refused } = await readAll(await makeZipWithTooManyEntries());
    expect(entries).toEqual([]);
    expect(refused).toMatchObject({ code: 'rule_violation', messageKey: 'zip_too_many_entries', vars: { max: 1000 } });
    expect((await readAll(await makeZipWithTooManyEntries(LIMITS.zipMaxEntries))).refused).toBeNull();
  });

  it('refuses folders, nested paths, absolute paths, `..`, backslashes and control characters', async () => {
    expect(await refusalOf(await makeZipWithFolder())).toMatchObject({
      messageKey: 'zip_folder',
      vars: { name: 'photos/' },
    });
    expect(await refusalOf(await makeZip((z) => z.addBuffer(Buffer.from('x'), 'photos/jane.png')))).toMatchObject({
      messageKey: 'zip_folder',
      vars: { name: 'photos/jane.png' },
    });
    for (const name of [
      '../evil.png',
      '/etc/passwd',
      'C:evil.png',
      '..\\evil.png',
      'a\\b.png',
      'bell\u0007.png',
      '..',
    ]) {
      expect(await refusalOf(await makeZipWithNames([name])), name).toMatchObject({
        code: 'rule_violation',
        messageKey: 'zip_entry_name',
      });
    }
  });

  it('refuses symbolic links and encrypted entries', async () => {
    expect(await refusalOf(await makeZipWithSymlink())).toMatchObject({
      messageKey: 'zip_entry_type',
      vars: { name: 'jane.png' },
    });
    const plain = await makeZip((z) => z.addBuffer(Buffer.from('secret'), 'jane.png', { compress: false }));
    const encrypted = patchZipEntries(plain, { flags: (f) => f | 1 });
    expect(await refusalOf(encrypted)).toMatchObject({ messageKey: 'zip_encrypted', vars: { name: 'jane.png' } });
  });

  it('refuses a zip bomb by its declared size, and by counting when the size lies', async () => {
    const bomb = await makeZipBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await refusalOf(bomb)).toMatchObject({
      code: 'file_too_large',
      messageKey: 'zip_entry_too_large',
      vars: { name: 'photo.jpg', size: '0.5 MB' },
    });
    // It says 100 bytes: the bytes are counted while inflating, and the first limit passed stops it.
    const lying = patchZipEntries(bomb, { uncompressedSize: 100 });
    expect(await refusalOf(lying)).toMatchObject({ code: 'file_too_large', messageKey: 'zip_entry_too_large' });
    expect(await refusalOf(lying, { ...roomy, maxRatio: 100 })).toMatchObject({ messageKey: 'zip_ratio' });
    expect(await refusalOf(lying, { ...roomy, maxTotalBytes: 1e6 })).toMatchObject({
      messageKey: 'zip_unpacked_too_large',
    });
  });

  it('stops inflating as soon as an entry passes its cap', async () => {
    // 1 MB of zeros, then bytes that are not deflate data: inflating past 1 MB would fail on them.
    const head = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
    const stored = await makeZip((z) =>
      z.addBuffer(Buffer.concat([head, Buffer.alloc(64, 0xff)]), 'jane.png', { compress: false }),
    );
    const crafted = patchZipEntries(stored, { method: 8, uncompressedSize: 300 * 1024 });
    expect(await refusalOf(crafted, { ...roomy, maxEntryBytes: 512 * 1024 })).toMatchObject({
      messageKey: 'zip_entry_too_large',
    });
    // Read further, it is indeed broken.
    expect(await refusalOf(crafted, roomy)).toMatchObject({ messageKey: 'zip_invalid' });
  });

  it('refuses more unpacked bytes in all than the total, after the entries within it', async () => {
    const photos = [randomBytes(400_000), randomBytes(400_000), randomBytes(400_000)];
    const zip = await makeZip((z) => photos.forEach((p, i) => z.addBuffer(p, `p${i}.jpg`)));
    const { entries, refused } = await readAll(zip, { ...roomy, maxTotalBytes: 1_000_000 });
    expect(entries.map((e) => e.name)).toEqual(['p0.jpg', 'p1.jpg']);
    expect(refused).toMatchObject({ code: 'file_too_large', messageKey: 'zip_unpacked_too_large' });
    expect((await readAll(zip, { ...roomy, maxTotalBytes: 1_200_000 })).refused).toBeNull();
  });

  it('refuses an entry that compresses far more than a photo can', async () => {
    const zeros = await makeZip((z) => z.addBuffer(Buffer.alloc(400_000), 'flat.png'));
    expect(await refusalOf(zeros, { ...roomy, maxRatio: 100 })).toMatchObject({
      messageKey: 'zip_ratio',
      vars: { name: 'flat.png' },
    });
    expect(await refusalOf(zeros, { ...roomy, maxRatio: 1000 })).toBeNull();
    // A small entry is judged against at least 1 KB packed.
    const tiny = await makeZip((z) => z.addBuffer(Buffer.alloc(50_000), 'tiny.png'));
    expect(await refusalOf(tiny, { ...roomy, maxRatio: 100 })).toBeNull();
  });

  it('refuses an entry whose declared size does not match its bytes', async () => {
    const zip = await makeZip((z) => z.addBuffer(randomBytes(1000), 'jane.jpg'));
    expect(await refusalOf(patchZipEntries(zip, { uncompressedSize: 2000 }))).toMatchObject({
      messageKey: 'zip_invalid',
    });
  });
});
