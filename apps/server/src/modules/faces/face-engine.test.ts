import { afterAll, describe, expect, it } from 'vitest';
import { faceless, facePhoto, groupPhoto } from '../../../test/helpers/face-photos';
import { faceDistance } from '@app/shared/faces/face-matcher';
import { closeFaceEngine, readFacesOffLoop } from './face-engine';
import { DESCRIPTOR_LENGTH } from './face-model';

// The model itself, in its thread, on the sample photos that ship with it (test/helpers/face-photos.ts).
const THRESHOLD = 0.45;

async function descriptorOf(photo: Promise<Buffer>) {
  const reading = await readFacesOffLoop(await photo);
  if (reading.kind !== 'one') throw new Error(`expected one face, read ${reading.kind}`);
  return reading.descriptor;
}

describe('the face engine', { timeout: 60_000 }, () => {
  afterAll(() => closeFaceEngine());

  it('reads one face as 128 numbers; no face and several faces as such; a file that is no image as unreadable', async () => {
    const one = await descriptorOf(facePhoto('amal'));
    expect(one).toHaveLength(DESCRIPTOR_LENGTH);
    expect(await readFacesOffLoop(await faceless())).toEqual({ kind: 'none' });
    expect(await readFacesOffLoop(await groupPhoto())).toEqual({ kind: 'several', count: 3 });
    expect(await readFacesOffLoop(new Uint8Array([0xff, 0xd8, 1, 2, 3]))).toEqual({ kind: 'unreadable' });
  });

  it('finds the same person in two photos within the threshold, and different people beyond it', async () => {
    const amalWide = await descriptorOf(facePhoto('amal'));
    const amalTight = await descriptorOf(facePhoto('amal', 'tight'));
    const dana = await descriptorOf(facePhoto('dana'));
    const danaTight = await descriptorOf(facePhoto('dana', 'tight'));
    const bruno = await descriptorOf(facePhoto('bruno'));
    expect(faceDistance(amalWide, amalTight)).toBeLessThan(THRESHOLD);
    expect(faceDistance(dana, danaTight)).toBeLessThan(THRESHOLD);
    for (const [a, b] of [
      [amalWide, bruno],
      [amalWide, dana],
      [bruno, dana],
    ] as const) {
      expect(faceDistance(a, b)).toBeGreaterThan(THRESHOLD + 0.1);
    }
  });
});
