import { Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './heat-map.module.css';

/** Shades from none to most (the theme's blue, lightest first). */
const SHADES = [
  'var(--mantine-color-gray-1)',
  'var(--mantine-color-blue-1)',
  'var(--mantine-color-blue-3)',
  'var(--mantine-color-blue-5)',
  'var(--mantine-color-blue-7)',
  'var(--mantine-color-blue-9)',
];

const shadeOf = (value: number, max: number) =>
  value <= 0 || max <= 0 ? SHADES[0] : SHADES[Math.max(1, Math.ceil((value / max) * (SHADES.length - 1)))];

/** Weekday names in the reader's language, Monday first (1 January 2024 was a Monday). */
export const weekdayNames = (language: string, style: 'long' | 'short') =>
  Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i)),
  );

/**
 * Arrivals per weekday (rows, Monday first) and hour (columns, 00 to 23, following the reading
 * direction): a table whose cells are shaded by their count, each named for screen readers and
 * selectable when it holds visits.
 */
export function HeatMap({
  cells,
  onSelect,
}: {
  cells: number[][];
  /** A cell was chosen: its ISO weekday (1 Monday … 7 Sunday) and hour. */
  onSelect: (cell: { weekday: number; hour: number }) => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const number = new Intl.NumberFormat(i18n.language);
  const hourOf = (h: number) => new Intl.NumberFormat(i18n.language, { minimumIntegerDigits: 2 }).format(h);
  const long = weekdayNames(i18n.language, 'long');
  const short = weekdayNames(i18n.language, 'short');
  const max = Math.max(0, ...cells.flat());

  return (
    <div data-testid="visit-summary-heat-map" className={classes.scroll}>
      <table className={classes.table}>
        <caption>
          <VisuallyHidden>{t('visit_summary.charts.heat_hint')}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th className={classes.corner} scope="col">
              <VisuallyHidden>{t('visit_summary.charts.weekday')}</VisuallyHidden>
            </th>
            {Array.from({ length: 24 }, (_, hour) => (
              <th key={hour} scope="col" className={classes.hour}>
                {hour % 3 === 0 ? hourOf(hour) : <VisuallyHidden>{hourOf(hour)}</VisuallyHidden>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((hours, weekday) => (
            <tr key={weekday}>
              <th scope="row" className={classes.weekday}>
                <span aria-hidden>{short[weekday]}</span>
                <VisuallyHidden>{long[weekday]}</VisuallyHidden>
              </th>
              {hours.map((value, hour) => {
                const label = t('visit_summary.charts.heat_cell', {
                  weekday: long[weekday],
                  hour: `${hourOf(hour)}:${hourOf(0)}`,
                  visits: t('visit_summary.visit_count', { count: value, value: number.format(value) }),
                });
                return (
                  <td
                    key={hour}
                    className={classes.cell}
                    style={{ backgroundColor: shadeOf(value, max) }}
                    data-count={value}
                  >
                    {value > 0 ? (
                      <Tooltip label={label} withinPortal>
                        <button
                          type="button"
                          aria-label={label}
                          onClick={() => onSelect({ weekday: weekday + 1, hour })}
                        />
                      </Tooltip>
                    ) : (
                      <VisuallyHidden>{label}</VisuallyHidden>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Group gap={4} justify="flex-end" mt="xs" aria-hidden>
        <Text size="xs" c="dimmed">
          {t('visit_summary.charts.less')}
        </Text>
        {SHADES.map((shade) => (
          <span key={shade} className={classes.legend} style={{ backgroundColor: shade }} />
        ))}
        <Text size="xs" c="dimmed">
          {t('visit_summary.charts.more')}
        </Text>
      </Group>
    </div>
  );
}
