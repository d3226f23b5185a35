import { Alert, Button, Checkbox, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryCodesFile } from '../utils/recovery-codes-file';

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once right after two-step authentication is turned on. */
export function RecoveryCodes({ codes, onAcknowledged }: { codes: string[]; onAcknowledged: () => void }) {
  const { t } = useTranslation('account');
  const [saved, setSaved] = useState(false);
  const text = recoveryCodesFile(codes, t('recovery.file_heading'));

  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('recovery.title')}>
        {t('recovery.warning')}
      </Alert>
      <Paper withBorder radius="md" p="md" maw={480} dir="ltr">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="recovery-codes">
          {codes.map((code) => (
            <Text key={code} ff="monospace" fw={500} ta="center">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t('copied') : t('recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadText('recovery-codes.txt', text)}
        >
          {t('recovery.download')}
        </Button>
      </Group>
      <Checkbox
        label={t('recovery.acknowledge')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
        data-testid="recovery-acknowledge"
      />
      <Group>
        <Button disabled={!saved} onClick={onAcknowledged} data-testid="recovery-done">
          {t('recovery.done')}
        </Button>
      </Group>
    </Stack>
  );
}
