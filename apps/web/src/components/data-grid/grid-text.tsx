import { Text } from '@mantine/core';

type GridTextProps = {
  value: string | null | undefined;
  /** What stands in for no value: a dash unless said otherwise. */
  fallback?: string;
  /** The value reads left to right in every language: an email, a phone number, an id. */
  ltr?: boolean;
  /** Kept on one line and cut with an ellipsis, rather than wrapped. */
  truncate?: boolean;
  testId?: string;
};

/** A cell's text, or a dimmed stand-in when there is none, so every grid shows a missing value alike. */
export function GridText({ value, fallback = '—', ltr, truncate, testId }: GridTextProps) {
  const missing = !value;
  return (
    <Text
      size="sm"
      c={missing ? 'dimmed' : undefined}
      dir={ltr && !missing ? 'ltr' : undefined}
      truncate={truncate ? 'end' : undefined}
      span
      data-testid={testId}
    >
      {missing ? fallback : value}
    </Text>
  );
}
