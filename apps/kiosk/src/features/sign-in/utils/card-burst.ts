// An RFID reader on USB is a keyboard: it types the card's number, fast, then Enter. A person typing
// is far slower. A burst of at least MIN_LENGTH characters, each within MAX_GAP_MS of the one before,
// ended by Enter, is a card; anything slower or shorter is a person and is ignored.
export const CARD_BURST = { minLength: 4, maxLength: 64, maxGapMs: 60 } as const;

export type CardBurst = {
  /** Feeds one key; answers the card number when this key ended a burst. */
  key: (key: string, at: number) => string | null;
};

export function cardBurst(limits: { minLength: number; maxLength: number; maxGapMs: number } = CARD_BURST): CardBurst {
  let typed = '';
  let last = -Infinity;
  return {
    key(key, at) {
      const quick = at - last <= limits.maxGapMs;
      last = at;
      if (key === 'Enter') {
        const card = quick && typed.length >= limits.minLength ? typed : null;
        typed = '';
        return card;
      }
      if (key.length !== 1 || !/[\w-]/.test(key)) {
        typed = '';
        return null;
      }
      // A slow key starts a new burst.
      typed = quick ? (typed + key).slice(-limits.maxLength) : key;
      return null;
    },
  };
}
