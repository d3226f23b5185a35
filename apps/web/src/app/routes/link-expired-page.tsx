import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconClockExclamation, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchText } from '@/lib/search-param';
import { StatusPage } from '@/components/ui/status-page';
import { usePublicPassport } from '@/features/pre-registration/api/get-public-passport';

/**
 * /link-expired: a confirmation or compliance link that no longer works. Shows the reason given in
 * ?message= (or a generic one); with ?userHasPassport=true it points to the person's passport, whose
 * address comes from the server (GET /public/passport), never from this page's own address.
 */
export function LinkExpiredPage() {
  const { t } = useTranslation('pages');
  const message = useSearchText('message')?.trim();
  const hasPassport = useSearchText('userHasPassport') === 'true';
  const passportUrl = usePublicPassport(hasPassport).data?.passport_url;

  return (
    <StatusPage
      standalone
      icon={IconClockExclamation}
      color="orange"
      title={t('link_expired.title')}
      testId="link-expired-page"
      description={
        <Stack gap="md" align="center">
          <Text c="dimmed" data-testid="link-expired-message">
            {message || t('link_expired.generic')}
          </Text>
          {hasPassport && (
            <Alert
              variant="light"
              color="indigo"
              icon={<IconId size={18} />}
              ta="start"
              data-testid="link-expired-passport"
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('link_expired.passport')}</Text>
                {passportUrl && (
                  <Button component="a" href={passportUrl} size="sm" data-testid="link-expired-open-passport">
                    {t('link_expired.open_passport')}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      }
    />
  );
}
