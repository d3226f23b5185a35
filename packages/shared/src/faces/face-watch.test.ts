import { describe, expect, it } from 'vitest';
import { FaceMatcher } from './face-matcher';
import { createFaceWatch, headYaw, LIVENESS_TURN, UNKNOWN_AFTER, WATCH_WINDOW_MS, type FaceSeen } from './face-watch';

const face = (seed: number) => Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed * 7.1 + i) * 0.1);
const near = (base: Float32Array, by: number) => base.map((v, i) => v + (i === 0 ? by : 0));
const ada = face(1);
const bo = face(2);
const library = {
  matcher: new FaceMatcher([
    { id: { personId: 'ada', firstName: 'Ada' }, descriptor: ada },
    { id: { personId: 'bo', firstName: 'Bo' }, descriptor: bo },
  ]),
  settings: { matchThreshold: 0.45, minGap: 0.05 },
};
const seen = (descriptor: Float32Array, yaw: number): FaceSeen => ({ descriptor, yaw });

describe('watching the camera for a known face', () => {
  it('finds a known person only once their head has turned, with their frame nearest the face ID', () => {
    const see = createFaceWatch(library);
    expect(see([seen(near(ada, 0.2), -0.05)], 0)).toEqual({
      kind: 'turn',
      person: { personId: 'ada', firstName: 'Ada' },
    });
    expect(see([seen(near(ada, 0.1), 0.0)], 250).kind).toBe('turn');
    const found = see([seen(near(ada, 0.3), LIVENESS_TURN - 0.04)], 500);
    expect(found).toMatchObject({ kind: 'found', person: { personId: 'ada' } });
    expect(found.kind === 'found' && found.descriptor[0]).toBeCloseTo(ada[0]! + 0.1);
  });

  it('never passes a picture held up: the same pose however long it is shown', () => {
    const see = createFaceWatch(library);
    for (let frame = 0; frame < 200; frame++) {
      const jitter = ((frame % 7) / 7 - 0.5) * 0.1; // the model's own noise on a still picture
      expect(see([seen(near(ada, 0.05), 0.1 + jitter)], frame * 250).kind).toBe('turn');
    }
  });

  it('forgets poses older than its window, and starts again for another person', () => {
    const see = createFaceWatch(library);
    see([seen(ada, -0.1)], 0);
    expect(see([seen(ada, 0.05)], WATCH_WINDOW_MS + 1).kind).toBe('turn');
    see([seen(ada, -0.1)], 20_000);
    expect(see([seen(bo, 0.1)], 20_250)).toEqual({ kind: 'turn', person: { personId: 'bo', firstName: 'Bo' } });
  });

  it('asks for one person at a time, and says when a face is no one it knows', () => {
    const see = createFaceWatch(library);
    expect(see([], 0)).toEqual({ kind: 'look' });
    expect(see([seen(ada, 0), seen(bo, 0)], 250)).toEqual({ kind: 'one_at_a_time' });
    const stranger = ada.map((v) => -v);
    const answers = Array.from({ length: UNKNOWN_AFTER }, (_, i) => see([seen(stranger, 0)], 500 + i * 250).kind);
    expect(answers).toEqual([...Array<string>(UNKNOWN_AFTER - 1).fill('look'), 'unknown']);
    // Two people alike enough to be confused are neither.
    const between = ada.map((v, i) => (v + bo[i]!) / 2);
    expect(see([seen(between, 0)], 2_000).kind).toBe('unknown');
  });
});

describe('the head’s turn from its landmarks', () => {
  const landmarks = (noseX: number, eyesLeft = 100, eyesRight = 200, eyesY = 100) => {
    const points = Array.from({ length: 68 }, () => ({ x: 0, y: 0 }));
    for (let i = 36; i < 42; i++) points[i] = { x: eyesLeft, y: eyesY };
    for (let i = 42; i < 48; i++) points[i] = { x: eyesRight, y: eyesY };
    points[30] = { x: noseX, y: eyesY + 60 };
    return points;
  };

  it('is the nose’s shift from the eyes’ middle in eye-distances, whatever the picture’s size, place or roll', () => {
    expect(headYaw(landmarks(150))).toBe(0);
    expect(headYaw(landmarks(170))).toBeCloseTo(0.2);
    expect(headYaw(landmarks(440, 300, 500))).toBeCloseTo(0.2);
    const roll = (points: { x: number; y: number }[], angle: number) =>
      points.map((p) => ({
        x: p.x * Math.cos(angle) - p.y * Math.sin(angle),
        y: p.x * Math.sin(angle) + p.y * Math.cos(angle),
      }));
    expect(headYaw(roll(landmarks(170), 0.4))).toBeCloseTo(0.2);
  });
});
