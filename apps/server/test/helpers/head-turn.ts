// A person turning their head in front of a camera, made from one photo: the face's 68 landmarks
// (found with the face model) are moved as a head turning about its vertical axis moves them (the nose,
// in front, further than the eyes; the jaw's outline the other way), and the photo is warped to follow
// them with a thin-plate spline. Frames of 640 × 480 RGB, as a tablet's camera gives: the liveness test
// reads them with the model, and the browser test's fake camera shows them (e2e/fixtures/head-turn.ts).
import sharp from 'sharp';
import { faceModel } from '../../src/modules/faces/face-model';

export const WIDTH = 640;
export const HEIGHT = 480;

type Point = { x: number; y: number };

/** How far in front of the eyes' plane each landmark is, in eye-distances (a generic face). */
function depthOf(index: number): number {
  if (index <= 16) return -0.1 - 0.5 * ((index - 8) / 8) ** 2; // the jaw's outline, further back at the ears
  if (index <= 26) return 0.05; // brows
  if (index <= 30) return 0.1 + (index - 27) * 0.12; // the nose's bridge to its tip
  if (index <= 35) return 0.2 - Math.abs(index - 33) * 0.05; // under the nose
  if (index <= 47) return 0; // eyes
  return 0.1; // mouth
}

/** Solves A·x = b (Gauss–Jordan with partial pivoting); A is small (the landmarks and a frame). */
function solve(matrix: number[][], values: number[]): number[] {
  const n = matrix.length;
  const m = matrix.map((row, i) => [...row, values[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = 0; row < n; row++) {
      const factor = m[row]![col]! / m[col]![col]!;
      if (row === col || factor === 0) continue;
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

const kernel = (r2: number) => (r2 === 0 ? 0 : r2 * Math.log(r2));

/** The thin-plate spline that takes each of `from` to the same index of `to`. */
function thinPlate(from: Point[], to: Point[]): (x: number, y: number) => Point {
  const n = from.length;
  const size = n + 3;
  const a = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  from.forEach((p, i) => {
    from.forEach((q, j) => (a[i]![j] = kernel((p.x - q.x) ** 2 + (p.y - q.y) ** 2) + (i === j ? 1e-3 : 0)));
    a[i]![n] = a[n]![i] = 1;
    a[i]![n + 1] = a[n + 1]![i] = p.x;
    a[i]![n + 2] = a[n + 2]![i] = p.y;
  });
  const wx = solve(a, [...to.map((p) => p.x), 0, 0, 0]);
  const wy = solve(a, [...to.map((p) => p.y), 0, 0, 0]);
  return (x, y) => {
    let sx = wx[n]! + wx[n + 1]! * x + wx[n + 2]! * y;
    let sy = wy[n]! + wy[n + 1]! * x + wy[n + 2]! * y;
    from.forEach((p, i) => {
      const u = kernel((x - p.x) ** 2 + (y - p.y) ** 2);
      sx += wx[i]! * u;
      sy += wy[i]! * u;
    });
    return { x: sx, y: sy };
  };
}

const mean = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/** The frame with the head turned by `angle` (radians), from the photo's pixels and landmarks. */
function turned(rgb: Buffer, landmarks: Point[], angle: number): Buffer {
  const eyes = [mean(landmarks.slice(36, 42)), mean(landmarks.slice(42, 48))] as const;
  const across = Math.hypot(eyes[1].x - eyes[0].x, eyes[1].y - eyes[0].y);
  const middle = (eyes[0].x + eyes[1].x) / 2;
  const moved = landmarks.map((p, i) => ({
    x: middle + (p.x - middle) * Math.cos(angle) + depthOf(i) * across * Math.sin(angle),
    y: p.y,
  }));
  // The frame's edges stay where they are.
  const edges: Point[] = [];
  for (const x of [0, WIDTH / 2, WIDTH - 1])
    for (const y of [0, HEIGHT / 2, HEIGHT - 1]) if (x !== WIDTH / 2 || y !== HEIGHT / 2) edges.push({ x, y });
  // Where each pixel of the new frame comes from, on a coarse grid, filled in between.
  const source = thinPlate([...moved, ...edges], [...landmarks, ...edges]);
  const STEP = 8;
  const cols = WIDTH / STEP + 1;
  const grid: Point[] = [];
  for (let gy = 0; gy <= HEIGHT; gy += STEP) for (let gx = 0; gx <= WIDTH; gx += STEP) grid.push(source(gx, gy));
  const out = Buffer.alloc(rgb.length);
  for (let y = 0; y < HEIGHT; y++) {
    const gy = Math.floor(y / STEP);
    const fy = (y % STEP) / STEP;
    for (let x = 0; x < WIDTH; x++) {
      const gx = Math.floor(x / STEP);
      const fx = (x % STEP) / STEP;
      const [p00, p10, p01, p11] = [
        grid[gy * cols + gx]!,
        grid[gy * cols + gx + 1]!,
        grid[(gy + 1) * cols + gx]!,
        grid[(gy + 1) * cols + gx + 1]!,
      ];
      const sx = (p00.x * (1 - fx) + p10.x * fx) * (1 - fy) + (p01.x * (1 - fx) + p11.x * fx) * fy;
      const sy = (p00.y * (1 - fx) + p10.y * fx) * (1 - fy) + (p01.y * (1 - fx) + p11.y * fx) * fy;
      const from =
        (Math.min(HEIGHT - 1, Math.max(0, Math.round(sy))) * WIDTH + Math.min(WIDTH - 1, Math.max(0, Math.round(sx)))) *
        3;
      rgb.copy(out, (y * WIDTH + x) * 3, from, from + 3);
    }
  }
  return out;
}

/** The photo fitted in a frame, as raw RGB. */
export async function framed(photo: Buffer): Promise<Buffer> {
  const { data } = await sharp(photo)
    .resize({ width: WIDTH, height: HEIGHT, fit: 'contain', background: '#405060' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

/**
 * Frames of the person in `photo` turning their head slowly to one side and the other and back
 * (`frames` frames, up to `degrees` either way).
 */
export async function headTurnFrames(photo: Buffer, { frames = 12, degrees = 22 } = {}): Promise<Buffer[]> {
  const rgb = await framed(photo);
  const { faceapi } = await faceModel();
  const tensor = faceapi.tf.tensor3d(new Int32Array(rgb), [HEIGHT, WIDTH, 3], 'int32');
  const face = await faceapi.detectSingleFace(tensor).withFaceLandmarks();
  tensor.dispose();
  if (!face) throw new Error('no face in the photo');
  const landmarks = face.landmarks.positions.map((p) => ({ x: p.x, y: p.y }));
  return Array.from({ length: frames }, (_, k) =>
    turned(rgb, landmarks, ((degrees * Math.PI) / 180) * Math.sin((2 * Math.PI * k) / frames)),
  );
}
