/// <reference types="vite/client" />

/** The app's version (apps/kiosk/package.json), set by the build. */
declare const __KIOSK_VERSION__: string;

/** The folder of the face model's files under the app's base (build/face-model-files.ts). */
declare const __FACE_MODEL_DIR__: string;
