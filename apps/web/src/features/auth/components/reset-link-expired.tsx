import { Alert, Button, Stack } from '@mantine/core';
import { IconClockX } from '@tabler/icons-react';
import { PageLink } from './page-link';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

export function ResetLinkExpired() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md" data-testid="reset-link-expired">
      <Alert color="orange" variant="light" icon={<IconClockX size={18} />} title={t('reset.expired_title')}>
        {t('reset.expired')}
      </Alert>
      <Button fullWidth renderRoot={(props) => <PageLink to={paths.forgotPassword} {...props} />}>
        {t('reset.ask_again')}
      </Button>
    </Stack>
  );
}
