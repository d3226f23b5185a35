import { Badge, Card, Center, Loader, Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportTask } from '@app/shared/people/import';
import { LoadFailedAlert } from '@/components/ui/load-failed-alert';

type ImportRowTabsProps<F extends string> = {
  /** Where the tabs' names are in the catalogue: `grid.tabs.*` or `details.tabs.*`. */
  section: 'grid' | 'details';
  filters: readonly F[];
  filter: F;
  onFilter: (filter: F) => void;
  /** The task, once read: each tab then shows how many rows it holds. */
  task: ImportTask | undefined;
  countOf: (task: ImportTask, filter: F) => number;
  /** A count that calls for attention (rows with problems) is red. */
  alarming?: (task: ImportTask, filter: F) => boolean;
  rows: { isError: boolean; refetch: () => unknown };
  /** The chosen tab's rows: none yet while they are first read. */
  state: 'ready' | 'loading' | 'empty';
  empty: ReactNode;
  /** The rows, shown when there are some. */
  children: ReactNode;
  /** Under the rows (page size, pages). */
  footer: ReactNode;
  testId: (filter: F) => string;
};

/**
 * A task's rows by status, a tab each with its count (the grid's and the details page's): one panel,
 * the chosen tab's, whose rows are read from the server a tab at a time; failing, loading or empty, it
 * says so.
 */
export function ImportRowTabs<F extends string>(props: ImportRowTabsProps<F>) {
  const { t } = useTranslation('people-import');
  const { section, filters, filter, task, countOf, rows } = props;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Tabs value={filter} onChange={(value) => props.onFilter(filters.find((f) => f === value) ?? filters[0]!)}>
          <Tabs.List>
            {filters.map((value) => (
              <Tabs.Tab
                key={value}
                value={value}
                rightSection={
                  task ? (
                    <Badge size="sm" variant="light" color={props.alarming?.(task, value) ? 'red' : 'gray'} aria-hidden>
                      {countOf(task, value)}
                    </Badge>
                  ) : undefined
                }
                aria-label={task ? t(`${section}.tabs_counted.${value}`, { count: countOf(task, value) }) : undefined}
                data-testid={props.testId(value)}
              >
                {t(`${section}.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={filter} pt="md">
            <Stack gap="md">
              {rows.isError && props.state === 'loading' ? (
                <LoadFailedAlert title={t('grid.load_failed')} onRetry={() => void rows.refetch()} />
              ) : props.state === 'loading' ? (
                <Center py="xl">
                  <Loader />
                </Center>
              ) : props.state === 'empty' ? (
                props.empty
              ) : (
                props.children
              )}
              {props.footer}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  );
}
