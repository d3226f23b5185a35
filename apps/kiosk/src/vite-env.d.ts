/// <reference types="vite/client" />

/** The app's version (apps/kiosk/package.json), set by the build. */
declare const __KIOSK_VERSION__: string;
