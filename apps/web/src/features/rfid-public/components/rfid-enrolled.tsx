import { Badge, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicRfidLink } from '@app/shared/rfid/schemas';
import { PublicNotice } from '@/components/ui/public-notice';
import { formatMoment } from './format-date';

/** The card is enrolled: its last characters and when. */
export function RfidEnrolled({ link }: { link: PublicRfidLink }) {
  const { t, i18n } = useTranslation('rfid');
  return (
    <PublicNotice icon={IconCircleCheck} color="teal" title={t('public.enrolled_title')} testId="rfid-enrolled">
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
    </PublicNotice>
  );
}
