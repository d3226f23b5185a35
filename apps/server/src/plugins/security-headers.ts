import helmet from 'helmet';

/**
 * The security headers of every answer (CSP and the rest), as helmet's middleware, built once at start
 * (decision 024: @fastify/helmet built it again on every request, which cost an eighth of a small
 * request's time). The bench's framework floor sends the same ones.
 */
export function buildSecurityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may be compiled (never JavaScript evaluated): the kiosk's QR reader is ZXing in
        // WebAssembly where the browser has no BarcodeDetector of its own.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Announcement images are https addresses, videos YouTube embeds (modules/announcements/sanitize.ts).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
