// The passport's QR identity as text (decision 047): a compact JWS whose header says `typ:
// passport-qr+jwt`. What every reader of scanned text shares (the kiosk offline, the dashboard's search,
// the server): telling one from any other code, and reading its parts. Checking it is each reader's own.

/** The header's `typ` of a passport's QR identity, as the passport signs it. */
export const PASSPORT_QR_TYPE = 'passport-qr+jwt';
/** The most seconds a QR identity is good for, as the passport signs it (a longer one is not the passport's). */
export const PASSPORT_QR_VALID_S = 60;
/** Longer texts are not a QR identity (no reader reads more). */
export const PASSPORT_QR_MAX_LENGTH = 2000;

/** The bytes of a base64url text, or null when it is not one. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** A JWS part read as a JSON object, or null. */
export function jsonPart(text: string): Record<string, unknown> | null {
  const bytes = base64UrlBytes(text);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Whether a scanned text says it is a passport's QR identity (its header's type); nothing is checked yet. */
export function looksLikePassportQr(text: string): boolean {
  if (text.length > PASSPORT_QR_MAX_LENGTH) return false;
  const parts = text.split('.');
  return parts.length === 3 && jsonPart(parts[0]!)?.typ === PASSPORT_QR_TYPE;
}
