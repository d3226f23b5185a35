/** A moment as people read it in their language: "12 March 2026 at 14:05". */
export const formatMoment = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
