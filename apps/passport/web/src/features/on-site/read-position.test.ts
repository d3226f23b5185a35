import { describe, expect, it } from 'vitest';
import { PositionError, readPosition } from './read-position';

const geolocation = (
  answer: { coords?: Partial<GeolocationCoordinates>; code?: number },
  seen: PositionOptions[] = [],
) =>
  ({
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) => {
      seen.push(options);
      if (answer.coords) ok({ coords: answer.coords as GeolocationCoordinates, timestamp: 0 } as GeolocationPosition);
      else fail({ code: answer.code!, message: '' } as GeolocationPositionError);
    },
  }) as unknown as Geolocation;

describe('readPosition', () => {
  it('asks for a fresh, exact position and answers its coordinates and accuracy', async () => {
    const seen: PositionOptions[] = [];
    const at = await readPosition(geolocation({ coords: { latitude: 25.2, longitude: 55.27, accuracy: 12.5 } }, seen));
    expect(at).toEqual({ latitude: 25.2, longitude: 55.27, accuracy: 12.5 });
    expect(seen[0]).toMatchObject({ enableHighAccuracy: true, maximumAge: 0 });
  });

  it('says why there is no position', async () => {
    await expect(readPosition(geolocation({ code: 1 }))).rejects.toEqual(new PositionError('denied'));
    await expect(readPosition(geolocation({ code: 3 }))).rejects.toMatchObject({ reason: 'timeout' });
    await expect(readPosition(geolocation({ code: 2 }))).rejects.toMatchObject({ reason: 'unavailable' });
    await expect(readPosition(null)).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
