import { Alert, Box, Button, Checkbox, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once: a copy button, and a confirmation before the person moves on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconKey aria-hidden />} title={t('recovery.title')}>
        {t('recovery.intro')}
      </Alert>
      <Box
        component="ul"
        aria-label={t('recovery.list')}
        dir="ltr"
        m={0}
        p={0}
        style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code block fz="md" ta="center">
              {code}
            </Code>
          </li>
        ))}
      </Box>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            onClick={copy}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? t('common.copied') : t('recovery.copy')}
          </Button>
        )}
      </CopyButton>
      <Text size="sm" c="dimmed">
        {t('recovery.once')}
      </Text>
      <Checkbox
        label={t('recovery.saved')}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Group>
        <Button onClick={onDone} disabled={!saved}>
          {doneLabel ?? t('common.done')}
        </Button>
      </Group>
    </Stack>
  );
}
