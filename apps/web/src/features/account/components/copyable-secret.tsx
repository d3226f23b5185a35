import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A secret in a monospace box with a copy button. */
export function CopyableSecret({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation('account');
  return (
    <Group gap="xs" wrap="nowrap">
      <Code block dir="ltr" data-testid={testId} style={{ flex: 1, wordBreak: 'break-all', userSelect: 'all' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
            <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('copy')}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
