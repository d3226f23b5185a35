import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A read-only value (a signing secret) in monospace, left to right in every language, with a copy
 * button; kept out of the browser's spell checker and password managers.
 */
export function CopyableSecret({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('webhooks');
  const copyLabel = t('copy.label', { name: label });
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      // At 14 px, monospace fonts may draw the underscore of `whsec_` below the input's clip: one size up.
      size="md"
      dir="ltr"
      spellCheck={false}
      autoComplete="off"
      data-1p-ignore
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
