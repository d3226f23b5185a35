import { Alert, Button, Card, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type PagedListCardProps = {
  /** Prefix of the data-testids: `<id>-search`, `<id>-count`, `<id>-pagination`. */
  testId: string;
  search: string;
  onSearch: (value: string) => void;
  /** The search waits for something (a saved search being restored) before it takes input. */
  searchDisabled?: boolean;
  searchLabel: string;
  /** The "N items" text, once the list has loaded. */
  countLabel: string | null;
  loadFailed: boolean;
  loadFailedTitle: string;
  onRetry: () => void;
  /** Shown instead of the list when it is empty. */
  empty: ReactNode | null;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Controls beside the search, e.g. a grid's filters and column menu. */
  toolbar?: ReactNode;
  /** A line between the controls and the list, e.g. what is selected and what can be done with it. */
  banner?: ReactNode;
  /** Shown at the start of the pages row (which then always shows), e.g. the page size. */
  footer?: ReactNode;
  children: ReactNode;
};

/** A card around a server-paged list: search, count, the list or its empty or failed state, pages. */
export function PagedListCard(props: PagedListCardProps) {
  const { t } = useTranslation('common');
  const pagination = props.pages > 1 && (
    <Pagination
      value={props.page}
      onChange={props.onPage}
      total={props.pages}
      data-testid={`${props.testId}-pagination`}
    />
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          {/* Grows to the card's width; on a phone the count goes to a line of its own below it. */}
          <Group gap="sm" style={{ flex: '1 1 300px' }}>
            <TextInput
              value={props.search}
              onChange={(event) => props.onSearch(event.currentTarget.value)}
              placeholder={props.searchLabel}
              aria-label={props.searchLabel}
              leftSection={<IconSearch size={16} />}
              maxLength={100}
              disabled={props.searchDisabled}
              w={{ base: '100%', sm: 300 }}
              data-testid={`${props.testId}-search`}
            />
            {props.toolbar}
          </Group>
          {props.countLabel !== null && (
            <Text size="sm" c="dimmed" data-testid={`${props.testId}-count`}>
              {props.countLabel}
            </Text>
          )}
        </Group>
        {props.banner}
        {props.loadFailed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={props.loadFailedTitle}>
            <Button variant="light" color="red" size="xs" mt="xs" onClick={props.onRetry}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          (props.empty ?? props.children)
        )}
        {props.footer ? (
          <Group justify="space-between" gap="sm">
            {props.footer}
            {pagination}
          </Group>
        ) : (
          pagination && <Group justify="center">{pagination}</Group>
        )}
      </Stack>
    </Card>
  );
}
