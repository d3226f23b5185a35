import { Avatar, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useAccount } from '../../../lib/account';
import { asApiError, type ApiError } from '../../../lib/api-error';
import { holderToken, profileToken } from '../../../lib/dashboard-client';
import { preRegistrationUrl } from '../share-link';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * What the passport would give the company's form (the holder's name, email, phone and photo), and the
 * choice: fill it, or go back to it unfilled. Both go to the dashboard, whose address the holder
 * token's answer names.
 */
export function ShareCard({ link }: { link: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  const [leaving, setLeaving] = useState<'fill' | 'cancel' | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const name = `${account.first_name} ${account.last_name}`;

  const leave = async (choice: 'fill' | 'cancel') => {
    setLeaving(choice);
    setError(null);
    try {
      // The form gets a token that reads the profile only: it passes through the form's address.
      const { token, api_url } = choice === 'fill' ? await profileToken() : await holderToken();
      window.location.assign(preRegistrationUrl(api_url, link, choice === 'fill' ? token : null));
    } catch (cause) {
      setError(asApiError(cause, t('errors.unknown')));
      setLeaving(null);
    }
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="lg" component="section" aria-label={t('share.title')}>
        <Stack gap="md">
          <Stack component="dl" gap="sm" m={0}>
            <Detail label={t('share.photo')}>
              {account.photo ? (
                <Avatar src={account.photo} alt={t('share.photo_alt')} size={72} radius="md" mt={4} />
              ) : (
                <Text span c="dimmed">
                  {t('share.no_photo')}
                </Text>
              )}
            </Detail>
            <Detail label={t('share.name')}>
              <bdi>{name}</bdi>
            </Detail>
            <Detail label={t('share.email')}>
              <bdi dir="ltr">{account.email}</bdi>
            </Detail>
            <Detail label={t('share.phone')}>
              {account.phone ? (
                <bdi dir="ltr">{account.phone}</bdi>
              ) : (
                <Text span c="dimmed">
                  {t('share.no_phone')}
                </Text>
              )}
            </Detail>
          </Stack>
          <Text size="sm" c="dimmed">
            {t('share.what')}
          </Text>
        </Stack>
      </Card>
      {error && <ErrorAlert error={error} />}
      <Group gap="sm">
        <Button
          leftSection={<IconId size={18} aria-hidden />}
          loading={leaving === 'fill'}
          disabled={leaving === 'cancel'}
          onClick={() => void leave('fill')}
          data-testid="share-fill"
        >
          {t('share.fill')}
        </Button>
        <Button
          variant="subtle"
          loading={leaving === 'cancel'}
          disabled={leaving === 'fill'}
          onClick={() => void leave('cancel')}
          data-testid="share-cancel"
        >
          {t('share.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
