// What the kiosk's settings and journey mean for its screen: pure, so the welcome screen and the tests
// read the same rules.
import type { KioskAnnouncement, KioskJourneyBundle } from '@app/shared/kiosks/device-data';
import type { KioskDateFormat, KioskSignMode } from '@app/shared/kiosks/schemas';
import type { Flow } from '@app/shared/journeys/schemas';

/** The darkest a dimmed screen gets: at brightness 0 the kiosk must still be readable enough to use. */
const MAX_DIM = 0.85;

/**
 * How much the kiosk dims its own screen for a brightness of 0–100: a browser cannot set the tablet's
 * backlight, so a black layer of this opacity lies over everything (100 → none).
 */
export function dimOpacity(brightness: number): number {
  const level = Math.min(100, Math.max(0, brightness));
  return Math.round(((100 - level) / 100) * MAX_DIM * 1000) / 1000;
}

/** The volume of the kiosk's sounds and speech, 0–1. */
export const volumeLevel = (volume: number): number => Math.min(100, Math.max(0, volume)) / 100;

/** Which of the two big buttons the kiosk's sign in/out mode shows. */
export function signActions(mode: KioskSignMode): { signIn: boolean; signOut: boolean } {
  return { signIn: mode !== 'sign_out_only', signOut: mode !== 'sign_in_only' };
}

/** The parts of a date in a time zone (the company's): what the kiosk shows is the company's day. */
function dateParts(date: Date, timeZone: string | undefined): Record<'yyyy' | 'MM' | 'dd', string> {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(date);
  } catch {
    // An unknown zone name: the tablet's own.
    parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { yyyy: part('year').padStart(4, '0'), MM: part('month'), dd: part('day') };
}

/** A date in the kiosk's date format (yyyy-MM-dd, dd-MM-yyyy or MM-dd-yyyy), in Latin digits in every language. */
export function formatKioskDate(date: Date, format: KioskDateFormat, timeZone?: string): string {
  const parts = dateParts(date, timeZone);
  return format
    .split('-')
    .map((piece) => parts[piece as keyof typeof parts] ?? piece)
    .join('-');
}

/** The time of day, hours and minutes, as the language writes it. */
export function formatKioskTime(date: Date, lang: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(lang, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(lang, options).format(date);
  }
}

/**
 * The flow the welcome screen speaks for: a journey has one flow per user type, and the one of walk-in
 * visitors (a user type that allows registration) greets whoever comes to the door; else the first.
 */
export function welcomeFlow(flows: Flow[]): Flow | null {
  return flows.find((f) => f.user_type.registration_method === 'registration_allowed') ?? flows[0] ?? null;
}

/** A flow's welcome message for the door, before anyone says who they are: without the `{name}` slot. */
export function doorMessage(message: string): string {
  return message
    .replace(/\s*\{name\}\s*/g, ' ')
    .replace(/\s+([,.!?،؟])/g, '$1')
    .replace(/([,،])\s*([.!?؟])/g, '$2')
    .replace(/^[\s,،]+|[\s,،]+$/g, '')
    .replace(/\s{2,}/g, ' ');
}

/**
 * The announcements the welcome screen shows: those for everyone, and those for the user type it
 * greets. The bundle is already in order (urgent first, then pinned, then newest).
 */
export function announcementsFor(announcements: KioskAnnouncement[], userTypeId: string | null): KioskAnnouncement[] {
  return announcements.filter(
    (a) => a.user_type_ids.length === 0 || (userTypeId !== null && a.user_type_ids.includes(userTypeId)),
  );
}

/** What the welcome screen shows of a bundle. */
export function welcomeOf(bundle: KioskJourneyBundle) {
  const flow = welcomeFlow(bundle.flows);
  return {
    flow,
    message: flow ? doorMessage(flow.feedback.welcome_message) : '',
    speak: flow?.feedback.speak_messages ?? false,
    announcements: announcementsFor(bundle.announcements, flow?.user_type.id ?? null),
    actions: signActions(bundle.kiosk.settings.sign_mode),
  };
}
