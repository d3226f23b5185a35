import {
  Alert,
  Card,
  Group,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCalendarTime,
  IconCircleCheck,
  IconLogin2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_COUNTS, type DashboardCount } from '@app/shared/visits/constants';
import type { Dashboard } from '@app/shared/visits/schemas';
import { navigateTo } from '@/lib/navigation';
import classes from './dashboard.module.css';

const COUNT_LOOK: Record<DashboardCount, { icon: Icon; color: string }> = {
  on_site: { icon: IconUsers, color: 'teal' },
  signed_in: { icon: IconLogin2, color: 'indigo' },
  checked_in: { icon: IconCircleCheck, color: 'violet' },
  expected: { icon: IconCalendarTime, color: 'blue' },
};

/** The order the cards read in: who is here, who came, who checked in, who is still to come. */
const CARD_ORDER: readonly DashboardCount[] = ['on_site', 'signed_in', 'checked_in', 'expected'];

/** The by-user-type table's height, loading or loaded, so the logbook below never moves: about six rows. */
const BY_TYPE_HEIGHT = 220;

/** The count that /filtered shows, to mark it. */
export type ActiveCount = { count: DashboardCount; userTypeId?: string } | null;

type CountsProps = {
  dashboard: Dashboard | undefined;
  failed: boolean;
  active: ActiveCount;
  /** The address a count opens (/filtered with its filter). */
  hrefOf: (count: DashboardCount, userTypeId?: string) => string;
};

/** A link that moves within the app, and still opens a new tab on a modified click. */
function CountLink({
  href,
  className,
  label,
  current,
  testId,
  children,
}: {
  href: string;
  className?: string;
  label: string;
  current: boolean;
  testId: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigateTo(href);
  };
  return (
    <UnstyledButton
      component="a"
      href={href}
      onClick={onClick}
      className={className}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      data-active={current || undefined}
      data-testid={testId}
    >
      {children}
    </UnstyledButton>
  );
}

/** Today's counts (spec §3 Dashboard: totals.daily) as cards, and the same per user type; each opens /filtered. */
export function DashboardCounts({ dashboard, failed, active, hrefOf }: CountsProps) {
  const { t } = useTranslation('visits');
  if (failed && !dashboard) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="dashboard-counts-failed">
        {t('counts.failed')}
      </Alert>
    );
  }
  const totals = dashboard?.totals.daily;
  const byType = dashboard?.by_user_type ?? [];

  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="dashboard-counts">
        {CARD_ORDER.map((count) => {
          const { icon: CountIcon, color } = COUNT_LOOK[count];
          const value = totals?.[count];
          const current = active?.count === count && !active.userTypeId;
          return (
            <CountLink
              key={count}
              href={hrefOf(count)}
              className={classes.countLink}
              label={t('counts.open', { label: t(`counts.${count}`), count: value ?? 0 })}
              current={current}
              testId={`count-${count}`}
            >
              <Card withBorder padding="lg" className={classes.countCard} data-active={current || undefined}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Text size="sm" c="dimmed" fw={500}>
                    {t(`counts.${count}`)}
                  </Text>
                  <ThemeIcon variant="light" color={color} size={36} radius="md">
                    <CountIcon size={20} />
                  </ThemeIcon>
                </Group>
                {value === undefined ? (
                  <Skeleton height={34} width={60} mt="sm" />
                ) : (
                  <Text fz={34} fw={700} lh={1.1} mt="sm" data-testid={`count-${count}-value`}>
                    {value}
                  </Text>
                )}
              </Card>
            </CountLink>
          );
        })}
      </SimpleGrid>

      {/* Always there, at one height: the logbook below never moves when the counts arrive. */}
      <Card withBorder padding={0} data-testid="dashboard-by-type">
        <Text fw={600} size="sm" px="lg" pt="md" pb="xs">
          {t('counts.by_user_type')}
        </Text>
        {!dashboard ? (
          <Stack gap="xs" px="lg" pb="md" h={BY_TYPE_HEIGHT} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={22} />
            ))}
          </Stack>
        ) : byType.length === 0 ? (
          <Text size="sm" c="dimmed" px="lg" pb="md" h={BY_TYPE_HEIGHT} data-testid="by-type-none">
            {t('counts.none_today')}
          </Text>
        ) : (
          <ScrollArea h={BY_TYPE_HEIGHT} type="auto">
            <Table verticalSpacing={6} horizontalSpacing="lg" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.user_type')}</Table.Th>
                  {DASHBOARD_COUNTS.map((count) => (
                    <Table.Th key={count} ta="end">
                      {t(`counts.short.${count}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {byType.map((row) => {
                  const typeId = row.user_type?.id;
                  return (
                    <Table.Tr key={typeId ?? 'none'} data-testid="by-type-row" data-name={row.user_type?.name ?? ''}>
                      <Table.Td>
                        <Text size="sm" c={row.user_type ? undefined : 'dimmed'}>
                          {row.user_type?.name ?? t('counts.no_user_type')}
                        </Text>
                      </Table.Td>
                      {DASHBOARD_COUNTS.map((count) => {
                        const current = active?.count === count && active.userTypeId === typeId;
                        return (
                          <Table.Td key={count} ta="end">
                            {/* Visits without a user type cannot be filtered for: their numbers are plain. */}
                            {typeId ? (
                              <CountLink
                                href={hrefOf(count, typeId)}
                                className={classes.typeCount}
                                label={t('counts.open_type', {
                                  label: t(`counts.${count}`),
                                  type: row.user_type?.name ?? '',
                                  count: row[count],
                                })}
                                current={current}
                                testId={`by-type-${count}`}
                              >
                                {row[count]}
                              </CountLink>
                            ) : (
                              <Text size="sm" c="dimmed" span>
                                {row[count]}
                              </Text>
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Card>
    </>
  );
}
