import { AreaChart, BarChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Bar = { label: string; visits: number };

/** The index of the category a click on a chart landed on (recharts names it as text or a number). */
const indexOf = (state: { activeTooltipIndex?: unknown }): number | null => {
  const index = Number(state.activeTooltipIndex);
  return state.activeTooltipIndex === undefined || state.activeTooltipIndex === null || Number.isNaN(index)
    ? null
    : index;
};

/** A chart's frame: its title, a hint, the chart or what stands in for it. */
export function ChartCard({
  title,
  hint,
  testId,
  children,
}: {
  title: string;
  hint?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Visits per category, busiest first: horizontal bars (`layout="list"`) or columns over time; a
 * selected bar opens the list behind it. Right to left, the value axis runs from the right and
 * categories sit on the right.
 */
export function SummaryBars({
  data,
  layout,
  onSelect,
  testId,
  color = 'blue.6',
}: {
  data: Bar[];
  layout: 'list' | 'time';
  onSelect: (index: number) => void;
  testId: string;
  color?: string;
}) {
  const { t, i18n } = useTranslation('reports');
  const rtl = i18n.dir() === 'rtl';
  const number = new Intl.NumberFormat(i18n.language);
  const format = (value: number) => number.format(value);
  const series = [{ name: 'visits', label: t('visit_summary.kpi.visits'), color }];
  const click = (state: { activeTooltipIndex?: unknown }) => {
    const index = indexOf(state);
    if (index !== null && data[index]) onSelect(index);
  };
  // Bars open their own list; over many days (an area), the day under the pointer does.
  const barProps = { onClick: (_bar: unknown, index: number) => data[index] && onSelect(index), cursor: 'pointer' };
  const clickable = { onClick: click, style: { cursor: 'pointer' } };

  if (layout === 'list') {
    return (
      <BarChart
        h={Math.max(120, data.length * 36 + 40)}
        data={data}
        dataKey="label"
        series={series}
        orientation="vertical"
        valueFormatter={format}
        yAxisProps={{ width: 130, orientation: rtl ? 'right' : 'left', interval: 0 }}
        xAxisProps={{ reversed: rtl, allowDecimals: false }}
        gridAxis="none"
        barProps={barProps}
        maxBarWidth={28}
        data-testid={testId}
      />
    );
  }
  const common = {
    h: 260,
    data,
    dataKey: 'label',
    series,
    valueFormatter: format,
    xAxisProps: { reversed: rtl, minTickGap: 16 },
    yAxisProps: { orientation: rtl ? ('right' as const) : ('left' as const), allowDecimals: false, width: 40 },
    'data-testid': testId,
  };
  // Many days read better as an area than as hairline columns.
  return data.length > 62 ? (
    <AreaChart {...common} areaChartProps={clickable} withDots={false} />
  ) : (
    <BarChart {...common} barProps={barProps} maxBarWidth={40} />
  );
}
