/** A distance in the person's language: metres below a kilometre, then kilometres to one decimal. */
export function formatDistance(metres: number, lang: string): string {
  if (metres < 1000)
    return new Intl.NumberFormat(lang, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(metres);
  return new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(
    metres / 1000,
  );
}
