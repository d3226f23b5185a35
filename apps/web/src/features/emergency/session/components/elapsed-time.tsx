import { Text, type TextProps } from '@mantine/core';
import { useEffect, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** A span of time as H:MM:SS (MM:SS under an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The current time, read again every `everyMs` (the roll's highlight and the timer follow it). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The time since the session started, ticking while it runs; its length once it ended. Digits read left to right. */
export function ElapsedTime({ from, until, ...props }: { from: string; until: string | null } & TextProps) {
  const now = useNow(1000);
  const end = until ? Date.parse(until) : now;
  return (
    <Text component="span" dir="ltr" ff="monospace" fw={700} {...props}>
      {formatElapsed(end - Date.parse(from))}
    </Text>
  );
}
