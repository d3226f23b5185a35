import { Anchor, Group, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';

/** The customer-service contact shown in package modals (spec §8). */
export function SupportContact() {
  const { t } = useTranslation('events');
  const email = usePublicConfig()?.support_email;
  if (!email) return null;
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid="support-contact">
      <IconHeadset size={18} style={{ flexShrink: 0, marginBlockStart: 2 }} />
      <Text size="sm" c="dimmed">
        {t('support')}{' '}
        <Anchor href={`mailto:${email}`} size="sm" dir="ltr">
          {email}
        </Anchor>
      </Text>
    </Group>
  );
}
