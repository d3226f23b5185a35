// Watching the camera for a face the kiosk knows (decision 050): each frame's faces, matched against the
// face library, until one known person has been seen turning their head. A printed photo or a screen
// held up to the camera keeps the same pose however it is moved or tilted, so it never passes. Run by
// the kiosk in the browser; its threshold is tested against the model itself on the server's side.
import type { FaceMatcher, MatchSettings } from './face-matcher';

/** Whom a library entry is: the kiosk's library holds the person's id and first name. */
type Known = { personId: string };

/** The kiosk's face detector (the tiny one): faces at arm's length are large, a small input is enough. */
export const KIOSK_DETECTOR = { inputSize: 320, scoreThreshold: 0.5 } as const;

/** A face in one frame: its descriptor and its head's turn (see `headYaw`). */
export type FaceSeen = { descriptor: Float32Array; yaw: number };

/**
 * How far the head must turn, between the frames of one person, in eye-distances of the nose's shift:
 * a real head turned some 10° either way moves 0.15 and more; a photo moved, tilted or rotated in the
 * hand measured 0.06 at most.
 */
export const LIVENESS_TURN = 0.12;
/** Frames older than this are forgotten: the turn must happen while the person stands there. */
export const WATCH_WINDOW_MS = 8_000;
/** Frames of a face that is no one here before the kiosk says so. */
export const UNKNOWN_AFTER = 3;

export type Watching<Person extends Known = Known> =
  | { kind: 'look' }
  | { kind: 'one_at_a_time' }
  | { kind: 'unknown' }
  | { kind: 'turn'; person: Person }
  | { kind: 'found'; person: Person; descriptor: Float32Array };

type Point = { x: number; y: number };

const centre = (points: readonly Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/**
 * The head's turn from the 68 face landmarks: how far the nose's tip is from the middle of the eyes,
 * along the line of the eyes, in eye-distances. Moving, scaling or rotating a picture leaves it as it is.
 */
export function headYaw(landmarks: readonly Point[]): number {
  const left = centre(landmarks.slice(36, 42));
  const right = centre(landmarks.slice(42, 48));
  const nose = landmarks[30]!;
  const dx = right.x - left.x;
  const dy = right.y - left.y;
  const across = dx * dx + dy * dy;
  if (across === 0) return 0;
  return ((nose.x - (left.x + right.x) / 2) * dx + (nose.y - (left.y + right.y) / 2) * dy) / across;
}

/** A watch over the frames: `see` takes the faces of each frame and says what the screen should ask. */
export function createFaceWatch<Person extends Known>(library: {
  matcher: FaceMatcher<Person>;
  settings: MatchSettings;
}) {
  let person: Person | null = null;
  let poses: { yaw: number; at: number }[] = [];
  let best: { descriptor: Float32Array; distance: number } | null = null;
  let strangers = 0;

  const forget = () => {
    person = null;
    poses = [];
    best = null;
  };

  return function see(faces: readonly FaceSeen[], at: number): Watching<Person> {
    poses = poses.filter((pose) => at - pose.at <= WATCH_WINDOW_MS);
    if (faces.length === 0) return { kind: 'look' };
    if (faces.length > 1) {
      forget();
      return { kind: 'one_at_a_time' };
    }
    const face = faces[0]!;
    const match = library.matcher.match(face.descriptor, library.settings);
    if (!match) {
      forget();
      strangers++;
      return strangers >= UNKNOWN_AFTER ? { kind: 'unknown' } : { kind: 'look' };
    }
    strangers = 0;
    if (person?.personId !== match.id.personId) forget();
    person = match.id;
    poses.push({ yaw: face.yaw, at });
    // The frame nearest their face ID is the one the server is asked to match again.
    if (!best || match.distance < best.distance) best = { descriptor: face.descriptor, distance: match.distance };
    const yaws = poses.map((pose) => pose.yaw);
    if (Math.max(...yaws) - Math.min(...yaws) >= LIVENESS_TURN) {
      return { kind: 'found', person, descriptor: best.descriptor };
    }
    return { kind: 'turn', person };
  };
}
