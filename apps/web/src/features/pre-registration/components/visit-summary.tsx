import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconId, IconMapPin, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitByLink } from '@app/shared/pre-registration/schemas';
import { formatVisitTime } from '../utils/visit-clock';
import classes from './pre-registration.module.css';

function Line({
  icon,
  label,
  children,
  testId,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size={34}>
        {icon}
      </ThemeIcon>
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600} className={classes.wrap} data-testid={testId}>
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** The visit as its link shows it (spec §3 Visit details (by link)): when on the company's clock, where, who. */
export function VisitSummary({ visit, title }: { visit: VisitByLink; title: string }) {
  const { t, i18n } = useTranslation('pre-registration');
  const when = visit.expectedDateTime ? formatVisitTime(visit.expectedDateTime, i18n.language) : null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} shadow="xs" data-testid="visit-summary">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {when && (
          <Line icon={<IconCalendarEvent size={18} />} label={t('summary.when')} testId="visit-summary-when">
            {t('summary.when_value', { date: when.date, time: `\u2066${when.time}\u2069` })}
          </Line>
        )}
        {visit.site && (
          <Line icon={<IconMapPin size={18} />} label={t('summary.where')} testId="visit-summary-where">
            {visit.area ? t('visit.place', { site: visit.site.name, area: visit.area.name }) : visit.site.name}
          </Line>
        )}
        {visit.hosts.length > 0 && (
          <Line icon={<IconUser size={18} />} label={t('summary.host')} testId="visit-summary-host">
            {visit.hosts.map((h) => h.full_name).join(', ')}
          </Line>
        )}
        {visit.user_type && (
          <Line icon={<IconId size={18} />} label={t('summary.type')} testId="visit-summary-type">
            {visit.user_type.name}
          </Line>
        )}
        {visit.timezone && (
          <Text size="xs" c="dimmed">
            {t('visit.timezone', { timezone: visit.timezone })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
