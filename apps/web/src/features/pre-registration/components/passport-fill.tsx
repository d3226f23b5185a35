import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconId, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassportFillStatus } from '../hooks/use-passport-fill';

type PassportFillProps = {
  /** The passport's /share page for this link; null when there is no passport to offer. */
  shareUrl: string | null;
  status: PassportFillStatus;
};

/**
 * Above the visitor's details: the way to fill them from the passport, then what came of it (filled,
 * being read, or a token the dashboard refused, with the way to try again).
 */
export function PassportFill({ shareUrl, status }: PassportFillProps) {
  const { t } = useTranslation('pre-registration');
  const [dismissed, setDismissed] = useState(false);

  if (status === 'filled') {
    if (dismissed) return null;
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        withCloseButton
        closeButtonLabel={t('passport.dismiss')}
        onClose={() => setDismissed(true)}
        data-testid="passport-filled"
      >
        {t('passport.filled')}
      </Alert>
    );
  }
  if (status === 'reading') {
    return (
      <Group gap="xs" data-testid="passport-reading">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('passport.reading')}
        </Text>
      </Group>
    );
  }
  if (!shareUrl) return null;
  return (
    <>
      {status === 'failed' && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="passport-fill-failed"
        >
          {t('passport.failed')}
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button
          component="a"
          href={shareUrl}
          variant="light"
          leftSection={<IconId size={18} />}
          data-testid="passport-fill"
        >
          {t('passport.fill')}
        </Button>
        <Text size="sm" c="dimmed" miw={0} style={{ flex: '1 1 12rem' }}>
          {t('passport.fill_hint')}
        </Text>
      </Group>
    </>
  );
}
