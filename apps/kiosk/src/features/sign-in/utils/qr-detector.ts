// The QR reader: the browser's own BarcodeDetector where it has one that reads QR codes, otherwise the
// `barcode-detector` ponyfill (ZXing in WebAssembly). The WebAssembly file is served with the app, so
// the kiosk reads codes with no network and asks no other site for anything.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export type QrDetector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string; format: string }[]> };

type NativeDetector = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats?: () => Promise<string[]>;
};

let loading: Promise<QrDetector> | null = null;

async function load(): Promise<QrDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats?.().catch((): string[] => []))?.includes('qr_code')) {
    return new native({ formats: ['qr_code'] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** One reader for the app's life: the WebAssembly module is compiled once. */
export function qrDetector(): Promise<QrDetector> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
