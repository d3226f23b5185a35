import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A subject-access request: everything the company holds about the person, as a zip the browser
 * downloads (`GET /people/{id}/data-export`, audited). A section of the person's drawer, like the
 * documents above it.
 */
export function PersonDataExport({ personId }: { personId: string }) {
  const { t } = useTranslation('users');
  return (
    <Stack gap="sm" mt="lg" data-testid="person-data-export">
      <Divider label={t('data_export.title')} labelPosition="left" />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          {t('data_export.description')}
        </Text>
        <Button
          component="a"
          href={`/api/v1/people/${encodeURIComponent(personId)}/data-export`}
          download
          variant="light"
          size="compact-sm"
          leftSection={<IconDownload size={14} />}
          data-testid="person-data-export-download"
        >
          {t('data_export.download')}
        </Button>
      </Group>
    </Stack>
  );
}
