// The time zones a company can choose for its clock: every IANA zone the browser knows, each shown
// with its offset from UTC now ("Asia/Dubai (GMT+04:00)"), sorted by name.

export type TimeZoneOption = { value: string; label: string };

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

export function timeZoneOptions(at = new Date(), current?: string): TimeZoneOption[] {
  const zones = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones]
    .sort((a, b) => a.localeCompare(b))
    .map((value) => {
      const offset = offsetOf(value, at);
      return { value, label: offset ? `${value} (${offset})` : value };
    });
}
