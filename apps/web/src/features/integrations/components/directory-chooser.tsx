import { Badge, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Directory } from '@app/shared/integrations/schemas';
import type { DirectoryCode } from '@app/shared/integrations/status';
import { DirectoryLogo, useDirectoryName } from './directory-logo';

type DirectoryChooserProps = {
  directories: readonly Directory[];
  onChoose: (code: DirectoryCode) => void;
};

/**
 * The directories that can be connected, one card each. One the installation cannot connect (Google
 * without its OAuth client) stays in view, disabled, saying why.
 */
export function DirectoryChooser({ directories, onChoose }: DirectoryChooserProps) {
  const { t } = useTranslation('integrations');
  const name = useDirectoryName();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="directory-chooser">
      {directories.map((directory) => {
        const reasonId = `directory-${directory.code}-reason`;
        const unavailable = !directory.available;
        return (
          <UnstyledButton
            key={directory.code}
            onClick={() => onChoose(directory.code)}
            disabled={unavailable}
            aria-describedby={reasonId}
            data-testid="directory-card"
            data-directory={directory.code}
            data-available={directory.available}
            style={{ display: 'block', height: '100%', cursor: unavailable ? 'not-allowed' : 'pointer' }}
          >
            <Card withBorder radius="md" padding="lg" h="100%" style={{ opacity: unavailable ? 0.6 : 1 }}>
              <Stack gap="sm">
                {/* The badge goes under the name when the card has no room for both on a line. */}
                <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
                  <Group gap="sm" wrap="nowrap">
                    <DirectoryLogo code={directory.code} size={40} />
                    <Text fw={600}>{name(directory.code)}</Text>
                  </Group>
                  {unavailable ? (
                    <Badge variant="light" color="gray" tt="none" leftSection={<IconLock size={12} />}>
                      {t('connect.unavailable_badge')}
                    </Badge>
                  ) : directory.consent ? (
                    <Badge variant="light" color="blue" tt="none">
                      {t('connect.consent_badge')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed" id={unavailable ? undefined : reasonId}>
                  {t(`directories.${directory.code}.description`)}
                </Text>
                {unavailable && (
                  <Text size="sm" c="orange.8" id={reasonId} data-testid="directory-unavailable-reason">
                    {directory.code === 'googleAD'
                      ? t('directories.unavailable.googleAD')
                      : t('directories.unavailable.other')}
                  </Text>
                )}
              </Stack>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
