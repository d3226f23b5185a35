// The face model on the tablet (decision 050): @vladmandic/face-api on TensorFlow.js's WebAssembly
// backend, its tiny face detector, 68 landmarks and recognition network, all served with the app
// (build/face-model-files.ts). Loaded the first time a flow offers face sign-in, then kept: the next
// person does not wait for it. It reads the faces of the video's current frame; nothing leaves the
// tablet but the descriptor of a face the person said was theirs.
import { headYaw, KIOSK_DETECTOR, type FaceSeen } from '@app/shared/faces/face-watch';

export type FaceReader = { read: (video: HTMLVideoElement) => Promise<FaceSeen[]> };

async function load(): Promise<FaceReader> {
  const faceapi = await import('@vladmandic/face-api/dist/face-api.esm.js');
  const folder = `${import.meta.env.BASE_URL}${__FACE_MODEL_DIR__}`;
  const tf = faceapi.tf as unknown as {
    setWasmPaths: (prefix: string) => void;
    setBackend: (name: string) => Promise<boolean>;
    ready: () => Promise<void>;
  };
  tf.setWasmPaths(folder);
  if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend did not start');
  await tf.ready();
  await Promise.all([
    faceapi.nets.tinyFaceDetector.loadFromUri(folder),
    faceapi.nets.faceLandmark68Net.loadFromUri(folder),
    faceapi.nets.faceRecognitionNet.loadFromUri(folder),
  ]);
  const options = new faceapi.TinyFaceDetectorOptions(KIOSK_DETECTOR);
  return {
    async read(video) {
      const faces = await faceapi.detectAllFaces(video, options).withFaceLandmarks().withFaceDescriptors();
      return faces.map((face) => ({ descriptor: face.descriptor, yaw: headYaw(face.landmarks.positions) }));
    },
  };
}

let loading: Promise<FaceReader> | null = null;

/** One model for the app's life; a load that failed is tried again the next time. */
export function faceReader(): Promise<FaceReader> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
