import { createRequire } from 'node:module';
import path from 'node:path';
import type { OutputInfo } from 'sharp';
import { FACE_DESCRIPTOR_LENGTH } from '@app/shared/faces/face-matcher';

// The face model in Node (decision 050): @vladmandic/face-api's WebAssembly build with TensorFlow.js's
// WebAssembly backend, and the models that ship inside the package (nothing is downloaded). It runs in
// the faces worker thread (face-worker.ts): loaded, it holds some 300 MB that the server's own thread
// should not. One image at a time; every tensor is disposed after use.

const require = createRequire(import.meta.url);

type FaceApi = typeof import('@vladmandic/face-api');
type Tf = typeof import('@tensorflow/tfjs');

/** The descriptor's length (face-api's recognition network). */
export const DESCRIPTOR_LENGTH = FACE_DESCRIPTOR_LENGTH;
/** Images are fitted in this square before detection: larger photos only cost time. */
const MAX_SIDE = 1024;
/** A face the detector is less sure of than this is not counted. */
const MIN_CONFIDENCE = 0.5;

export type FaceReading =
  | { kind: 'one'; descriptor: Float32Array; score: number }
  | { kind: 'none' }
  | { kind: 'several'; count: number }
  | { kind: 'unreadable' };

let loaded: Promise<{ faceapi: FaceApi; tf: Tf }> | null = null;

async function load() {
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const tf = faceapi.tf as unknown as Tf & { setWasmPaths?: (p: string) => void };
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths: (p: string) => void };
  wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  return { faceapi, tf };
}

/** Loads the models once (0.5–0.9 s). */
export function faceModel() {
  loaded ??= load().catch((err: unknown) => {
    loaded = null;
    throw err;
  });
  return loaded;
}

/** The faces of an image (JPEG, PNG, WebP…): one face's descriptor, or why there is none. */
export async function readFaces(image: Uint8Array): Promise<FaceReading> {
  let raw: { data: Buffer; info: OutputInfo };
  // Loaded with the first photo (in the face worker): the server's own thread never needs it.
  const { default: sharp } = await import('sharp');
  try {
    raw = await sharp(image)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { kind: 'unreadable' };
  }
  const { faceapi } = await faceModel();
  // face-api types its input with the tfjs-core it bundles; the tensor is the same class at run time.
  const tensor = faceapi.tf.tensor3d(new Int32Array(raw.data), [raw.info.height, raw.info.width, 3], 'int32');
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE });
    const found = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
    if (found.length === 0) return { kind: 'none' };
    if (found.length > 1) return { kind: 'several', count: found.length };
    const [face] = found;
    return { kind: 'one', descriptor: face!.descriptor, score: face!.detection.score };
  } finally {
    tensor.dispose();
  }
}
