// The codes a kiosk recognises offline (a person's QR or QuickPass, a card number, today's pre-registration
// pass) are cached as salted hashes, never as the codes themselves: a tablet taken from the door holds
// nothing a badge can be printed from. The server and the kiosk compute the same hash of what was scanned,
// in plain JavaScript, because a tablet served over plain http on a LAN has no crypto.subtle.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { normaliseRfid } from '../rfid/schemas';

/** What a kiosk read: a QR code (a person's, a QuickPass or a pass) or a card (RFID) number. */
export const KIOSK_CODE_KINDS = ['qr', 'card'] as const;
export type KioskCodeKind = (typeof KIOSK_CODE_KINDS)[number];
/**
 * What a kiosk keeps hashes of: what it reads, and a passport's account id (`passport`). A passport's QR
 * identity is new every 30 seconds, so it cannot be kept; once its signature is checked it names the
 * account, whose id is what the hash matches (never the person's address).
 */
export type KioskHashKind = KioskCodeKind | 'passport';

/** The scheme of the hashes a people list carries; a new scheme gets a new name. */
export const KIOSK_CODE_HASH_SCHEME = 'sha256-v1';

/**
 * A code as it is compared: a card number as the card enrolment stores it (spaces, hyphens and colons
 * dropped, letters in upper case); a QR code (and a passport's id) exactly as scanned, only surrounding
 * spaces dropped (QR codes are case-sensitive).
 */
export const normaliseKioskCode = (kind: KioskHashKind, code: string): string =>
  kind === 'card' ? normaliseRfid(code.trim()) : code.trim();

/**
 * The hash of a code a kiosk keeps and looks up: lower-case hex SHA-256 of the UTF-8 text
 * `<salt>\n<kind>\n<normalised code>`. The salt is the company's (the people list carries it), so one
 * company's hashes are worthless in another's; the kind keeps a card number from matching a QR code.
 */
export function hashKioskCode(salt: string, kind: KioskHashKind, code: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${salt}\n${kind}\n${normaliseKioskCode(kind, code)}`)));
}
