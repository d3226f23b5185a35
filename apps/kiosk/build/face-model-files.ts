// The face model the kiosk runs on the tablet (decision 050), served with the app from the npm packages
// that ship it: the tiny face detector, the 68-point landmarks and the recognition network of
// @vladmandic/face-api, and TensorFlow.js's WebAssembly backend. Nothing is fetched from another site.
// The folder is named for the model's version: a new model is a new address, kept as long as any file
// under assets/.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const faceApiRoot = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
const wasmRoot = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
const { version } = require('@vladmandic/face-api/package.json') as { version: string };

/** The folder of the model's files in the built app, relative to its base (/kiosk/). */
export const FACE_MODEL_DIR = `assets/face-model-${version}/`;

const NETS = ['tiny_face_detector_model', 'face_landmark_68_model', 'face_recognition_model'];
const WASM = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

/** Each file the kiosk may ask for, by its name in the folder, and where it is on disk. */
export const faceModelFiles = (): Map<string, string> =>
  new Map([
    ...NETS.flatMap((net) => [
      [`${net}-weights_manifest.json`, path.join(faceApiRoot, 'model', `${net}-weights_manifest.json`)] as const,
      [`${net}.bin`, path.join(faceApiRoot, 'model', `${net}.bin`)] as const,
    ]),
    ...WASM.map((name) => [name, path.join(wasmRoot, 'dist', name)] as const),
  ]);

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

export function faceModel(): Plugin {
  let base = '/';
  const files = faceModelFiles();
  return {
    name: 'kiosk-face-model',
    configResolved(config) {
      base = config.base;
    },
    // In development, the same addresses from node_modules.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const prefix = `${base}${FACE_MODEL_DIR}`;
        const url = req.url?.split('?')[0] ?? '';
        const file = url.startsWith(prefix) ? files.get(url.slice(prefix.length)) : undefined;
        if (!file) return next();
        res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    async generateBundle() {
      for (const [name, file] of files) {
        this.emitFile({ type: 'asset', fileName: `${FACE_MODEL_DIR}${name}`, source: await readFile(file) });
      }
    },
  };
}
