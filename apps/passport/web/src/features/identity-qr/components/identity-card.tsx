// The person's QR identity, large, with their photo and name: what a kiosk or a receptionist scans. The
// code changes every refresh_in seconds and a countdown shows it, so a screenshot is known not to work.
import { Avatar, Box, Button, Card, Center, Group, Image, Loader, RingProgress, Stack, Text } from '@mantine/core';
import type { PassportAccount } from '@app/shared/passport/schemas';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { fractionLeft, isExpired, secondsLeft } from '../qr-timing';
import { useIdentityQr, useNow, useQrImage } from '../use-identity-qr';

const QR_SIZE = 'min(100%, 320px)';

export function IdentityCard({ account }: { account: PassportAccount }) {
  const { t } = useTranslation();
  const { ticket, error, retry } = useIdentityQr();
  const image = useQrImage(ticket?.token);
  const now = useNow();
  const name = `${account.first_name} ${account.last_name}`;
  const expired = ticket ? isExpired(ticket, now) : false;

  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="identity-name">
      <Stack gap="md" align="center">
        <Group gap="md" wrap="nowrap" w="100%">
          <Avatar src={account.photo} alt={t('photo.alt', { name })} size={64} radius="50%" color="blue">
            {`${account.first_name.charAt(0)}${account.last_name.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Box miw={0}>
            <Text component="h2" id="identity-name" fw={700} fz="xl" lh={1.25} m={0} truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {account.email}
            </Text>
          </Box>
        </Group>

        <Center w={QR_SIZE} style={{ aspectRatio: '1 / 1', position: 'relative' }}>
          {image ? (
            <Image
              src={image}
              alt={t('qr.alt', { name })}
              w="100%"
              h="100%"
              style={{ opacity: expired ? 0.15 : 1, transition: 'opacity 200ms' }}
            />
          ) : (
            !error && <Loader aria-label={t('qr.loading')} />
          )}
        </Center>

        {ticket && !expired && (
          <Group gap="sm" wrap="nowrap" justify="center">
            <RingProgress
              size={44}
              thickness={4}
              roundCaps
              aria-hidden
              sections={[{ value: fractionLeft(ticket, now) * 100, color: 'blue' }]}
              label={
                <Text ta="center" size="xs" fw={700}>
                  {secondsLeft(ticket, now)}
                </Text>
              }
            />
            <Text size="sm" c="dimmed">
              {t('qr.changes', { count: ticket.refreshIn })}
            </Text>
          </Group>
        )}

        {error && (
          <Box w="100%">
            <ErrorAlert error={error} title={expired || !ticket ? t('qr.unavailable') : undefined}>
              <div>
                <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={retry}>
                  {t('common.retry')}
                </Button>
              </div>
            </ErrorAlert>
          </Box>
        )}
      </Stack>
    </Card>
  );
}
