// Why a screening matched, as sentences a person reads ("Name 92% alike across scripts: “محمد الرشيد” ↔
// “Mohammed Al-Rashid”"), from the reasons the server recorded field by field.
import type { MatchReason } from '@app/shared/watchlist/match';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/**
 * How a name from the screening is set in a sentence: as it is, or wrapped so that a name in another
 * script than the sentence's keeps its own direction (an Arabic name in an English sentence).
 */
export type Isolate = (text: string) => string;

const asIs: Isolate = (text) => text;

/** First Strong Isolate … Pop Directional Isolate: the name reads in its own direction inside the sentence. */
export const bidiIsolate: Isolate = (text) => `\u2068${text}\u2069`;

/** One reason as a phrase: what matched, how, and for names the two values and how far apart they are. */
export function reasonPhrase(reason: MatchReason, t: Translate, isolate: Isolate = asIs): string {
  const { field, how, similarity } = reason;
  if (field === 'email' || field === 'phone' || field === 'company') return t(`watchlist:reasons.${field}_same`);
  if (how === 'same') {
    return field === 'alias'
      ? t('watchlist:reasons.alias_same', { alias: isolate(reason.entry_value) })
      : t('watchlist:reasons.name_same');
  }
  let phrase = t(`watchlist:reasons.${field}_${how}`, { similarity });
  phrase = t('watchlist:reasons.with_values', {
    phrase,
    values: t('watchlist:reasons.values', {
      entry: isolate(reason.entry_value),
      subject: isolate(reason.subject_value),
    }),
  });
  if (reason.distance !== null && reason.distance > 0) {
    phrase = t('watchlist:reasons.with_distance', {
      phrase,
      distance: t('watchlist:reasons.distance', { count: reason.distance }),
    });
  }
  return phrase;
}

/** Every reason of a screening as a phrase, strongest first as the server ordered them. */
export const reasonPhrases = (reasons: readonly MatchReason[], t: Translate, isolate: Isolate = asIs): string[] =>
  reasons.map((reason) => reasonPhrase(reason, t, isolate));
