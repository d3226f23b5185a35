import { describe, expect, it, vi } from 'vitest';
import { descriptorToText, FACE_DESCRIPTOR_LENGTH } from '@app/shared/faces/face-matcher';
import type { KioskFaceLibrary } from '@app/shared/kiosks/face-library';
import { createFaceLibrary } from './face-library';

const at = (x: number) => {
  const d = new Float32Array(FACE_DESCRIPTOR_LENGTH);
  d[0] = x;
  return d;
};
const library = (over: Partial<KioskFaceLibrary> = {}): KioskFaceLibrary => ({
  enabled: true,
  version: 'v1',
  model: 'm',
  match_threshold: 0.45,
  min_gap: 0.05,
  people: [
    { person_id: 'p1', first_name: 'Ada', descriptor: descriptorToText(at(0)) },
    { person_id: 'p2', first_name: 'Bo', descriptor: descriptorToText(at(2)) },
  ],
  ...over,
});

describe('the kiosk’s face library', () => {
  it('holds the faces it fetched and matches with the company’s settings', async () => {
    const faces = createFaceLibrary(async () => library());
    expect(await faces.refresh()).toBe(2);
    const held = faces.current()!;
    expect(held.matcher.match(at(0.1), held.settings)?.id).toEqual({ personId: 'p1', firstName: 'Ada' });
    expect(held.matcher.match(at(1), held.settings)).toBeNull();
  });

  it('keeps what it holds while the version is the same, and drops it when face sign-in is off', async () => {
    const fetch = vi.fn(async () => library());
    const faces = createFaceLibrary(fetch);
    await faces.refresh();
    const first = faces.current();
    await faces.refresh();
    expect(faces.current()).toBe(first);
    fetch.mockResolvedValueOnce(library({ enabled: false, people: [] }));
    expect(await faces.refresh()).toBeNull();
    expect(faces.current()).toBeNull();
  });

  it('fetches once for asks that come while a fetch runs, and skips a descriptor it cannot read', async () => {
    let release: () => void = () => undefined;
    const fetch = vi.fn(
      () =>
        new Promise<KioskFaceLibrary>((resolve) => {
          release = () =>
            resolve(library({ people: [...library().people, { person_id: 'x', first_name: 'X', descriptor: '!' }] }));
        }),
    );
    const faces = createFaceLibrary(fetch);
    const both = Promise.all([faces.refresh(), faces.refresh()]);
    release();
    expect(await both).toEqual([2, 2]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
