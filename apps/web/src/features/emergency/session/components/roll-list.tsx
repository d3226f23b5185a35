import { Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmergencyStatus } from '@app/shared/emergency/schemas';
import { groupByArea, isOverdue, type AreaGroup, type ShownEntry } from '../utils/roll';
import { RollRow } from './roll-row';
import classes from './session.module.css';

type Item = { kind: 'group'; group: AreaGroup<ShownEntry> } | { kind: 'entry'; entry: ShownEntry };

type Props = {
  entries: ShownEntry[];
  startedAt: string;
  highlightMinutes: number;
  now: number;
  disabled: boolean;
  onMark: (rollId: string, status: EmergencyStatus) => void;
};

/**
 * The roll grouped by area, drawn as it scrolls into view (a session may hold thousands of people):
 * only the rows near the screen are in the page.
 */
export function RollList({ entries, startedAt, highlightMinutes, now, disabled, onMark }: Props) {
  const { t } = useTranslation('emergency');
  const items = useMemo<Item[]>(
    () =>
      groupByArea(entries).flatMap((group) => [
        { kind: 'group' as const, group },
        ...group.entries.map((entry) => ({ kind: 'entry' as const, entry })),
      ]),
    [entries],
  );
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // Where the list starts on the page moves when a notice above it comes or goes.
  useLayoutEffect(() => {
    const measure = () => {
      const top = listRef.current ? Math.round(listRef.current.getBoundingClientRect().top + window.scrollY) : 0;
      setOffset((previous) => (previous === top ? previous : top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => (items[index]?.kind === 'group' ? 48 : window.innerWidth <= 640 ? 150 : 84),
    overscan: 8,
    scrollMargin: offset,
    getItemKey: (index) => {
      const item = items[index]!;
      return item.kind === 'group' ? `g:${item.group.key}` : item.entry.id;
    },
  });

  const rows = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  // The rows drawn sit in the page's flow between two spacers standing for the rows not drawn.
  const before = rows.length > 0 ? rows[0]!.start - margin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows.at(-1)!.end - margin) : 0;

  return (
    <div ref={listRef} data-testid="roll-list" style={{ paddingBlock: `${before}px ${Math.max(0, after)}px` }}>
      {rows.map((row) => {
        const item = items[row.index]!;
        return (
          <div key={row.key} data-index={row.index} ref={virtualizer.measureElement}>
            {item.kind === 'group' ? (
              <div className={classes.groupHeader} data-testid="roll-group">
                <Text component="h2" fw={700} size="md" className={classes.name}>
                  {item.group.area
                    ? [item.group.site, item.group.area].filter(Boolean).join(' › ')
                    : t('session_page.nowhere')}
                </Text>
                <Text size="sm" fw={600} c={item.group.missing > 0 ? 'red.9' : 'teal.9'} style={{ flexShrink: 0 }}>
                  {t('session_page.group_count', { missing: item.group.missing, count: item.group.entries.length })}
                </Text>
              </div>
            ) : (
              <RollRow
                entry={item.entry}
                overdue={isOverdue(item.entry, startedAt, highlightMinutes, now)}
                highlightMinutes={highlightMinutes}
                disabled={disabled}
                onMark={onMark}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
