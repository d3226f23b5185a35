// Listens for an RFID card read on the whole screen while `active` (see utils/card-burst.ts). Keys
// typed into a text field belong to that field and are not read as a card.
import { useEffect, useRef } from 'react';
import { cardBurst } from '../utils/card-burst';

export function useCardReader(active: boolean, onCard: (card: string) => void) {
  const handler = useRef(onCard);
  useEffect(() => {
    handler.current = onCard;
  });
  useEffect(() => {
    if (!active) return;
    const reader = cardBurst();
    const listen = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const card = reader.key(event.key, event.timeStamp);
      if (card) {
        event.preventDefault();
        handler.current(card);
      }
    };
    window.addEventListener('keydown', listen, true);
    return () => window.removeEventListener('keydown', listen, true);
  }, [active]);
}
