import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicRfidLink } from '@app/shared/rfid/schemas';
import { formatMoment } from './format-date';

/** The card is enrolled: its last characters and when. */
export function RfidEnrolled({ link }: { link: PublicRfidLink }) {
  const { t, i18n } = useTranslation('rfid');
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" data-testid="rfid-enrolled">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={80} radius={999} variant="light" color="teal">
          <IconCircleCheck size={48} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('public.enrolled_title')}
        </Title>
        <Text c="dimmed">{t('public.enrolled_body', { company: link.company.name })}</Text>
        {link.card_ending && (
          <Badge
            size="xl"
            variant="light"
            radius="md"
            styles={{ label: { textTransform: 'none' } }}
            data-testid="rfid-card-ending"
          >
            {t('public.card_ending', { ending: link.card_ending })}
          </Badge>
        )}
        {link.enrolled_at && (
          <Text size="sm" c="dimmed">
            {t('public.enrolled_at', { date: formatMoment(link.enrolled_at, i18n.language) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
