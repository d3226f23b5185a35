import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type CopyableValueProps = {
  label: string;
  value: string;
  testId: string;
  /** A secret: kept out of the browser's spell checker and autofill. */
  secret?: boolean;
};

/** A read-only value (an address, a token) in monospace, left to right in every language, with a copy button. */
export function CopyableValue({ label, value, testId, secret }: CopyableValueProps) {
  const { t } = useTranslation('integrations');
  const copyLabel = t('copy.label', { name: label });
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      dir="ltr"
      spellCheck={false}
      autoComplete="off"
      data-1p-ignore={secret ? true : undefined}
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      data-testid={testId}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('copy.copied') : copyLabel} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copyLabel}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
