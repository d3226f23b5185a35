import { Text } from '@mantine/core';
import classes from './data-grid.module.css';

/** For a cell's own Text: lines up with its column whatever the direction of its letters (use with `dir="auto"`). */
export const gridTextClass = classes.cellText;

type GridTextProps = {
  value: string | null | undefined;
  /** What stands in for no value: a dash unless said otherwise. */
  fallback?: string;
  /** The value reads left to right in every language: an email, a phone number, an id. */
  ltr?: boolean;
  /** Kept on one line and cut with an ellipsis at its end, rather than wrapped; the whole value shows on hover. */
  truncate?: boolean;
  size?: 'xs' | 'sm';
  dimmed?: boolean;
  fw?: number;
  testId?: string;
};

/**
 * A cell's text, or a dimmed stand-in when there is none, so every grid shows a missing value alike.
 * People type names in any script: the text takes its direction from its own letters (an English
 * site name in the Arabic grid is cut at its end, not its start) and still lines up with the column.
 */
export function GridText({ value, fallback = '—', ltr, truncate, size = 'sm', dimmed, fw, testId }: GridTextProps) {
  const missing = !value;
  return (
    <Text
      size={size}
      fw={fw}
      c={missing || dimmed ? 'dimmed' : undefined}
      dir={missing ? undefined : ltr ? 'ltr' : 'auto'}
      className={classes.cellText}
      truncate={truncate ? 'end' : undefined}
      title={truncate && value ? value : undefined}
      span={!truncate}
      data-testid={testId}
    >
      {missing ? fallback : value}
    </Text>
  );
}
