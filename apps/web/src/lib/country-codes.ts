// The phone's country-code select. The codes live in @app/shared (the server splits directories'
// international numbers with them); country names come from the browser in the person's language
// (Intl.DisplayNames).
import { CALLING_CODES, digitsOnly } from '@app/shared/people/calling-codes';

export { CALLING_CODES, digitsOnly };

/** For a code several regions share, the regions people look for first. */
const PRIMARY: Readonly<Record<string, readonly string[]>> = {
  '1': ['US', 'CA'],
  '7': ['RU', 'KZ'],
  '39': ['IT'],
  '44': ['GB'],
  '212': ['MA'],
  '262': ['RE'],
  '590': ['GP'],
};

export type CallingCodeOption = { value: string; label: string; code: string };

/**
 * One option per calling code, named after the countries that use it, sorted by those names in the
 * person's language. The value is the code itself, which is what a person's record keeps.
 */
export function callingCodeOptions(language: string): CallingCodeOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const nameOf = (region: string) => names?.of(region) ?? region;
  const collator = new Intl.Collator(language);
  const byCode = new Map<string, string[]>();
  for (const [region, code] of Object.entries(CALLING_CODES)) byCode.set(code, [...(byCode.get(code) ?? []), region]);
  return [...byCode.entries()]
    .map(([code, regions]) => {
      const primary = PRIMARY[code] ?? [];
      const others = regions
        .filter((r) => !primary.includes(r))
        .map(nameOf)
        .sort(collator.compare);
      const countries = [...primary.map(nameOf), ...others];
      const shown = countries.length > 3 ? `${countries.slice(0, 3).join(', ')}…` : countries.join(', ');
      return { value: code, code, name: countries[0]!, label: `+${code} ${shown}` };
    })
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ name: _name, ...option }) => option);
}
