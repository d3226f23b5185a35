import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

type CopyableValueProps = {
  label: string;
  value: string;
  testId: string;
  /** The copy button's name ("Copy the token") and what it says once copied, in the feature's words. */
  copyLabel: string;
  copiedLabel: string;
  /** A secret: kept out of the browser's spell checker and password managers. */
  secret?: boolean;
};

/**
 * A read-only value (an address, a token, a signing secret) in monospace, left to right in every
 * language, with a copy button.
 */
export function CopyableValue({ label, value, testId, copyLabel, copiedLabel, secret }: CopyableValueProps) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      // At 14 px a monospace font may draw an underscore (`whsec_`) below the input's clip: one size up.
      size="md"
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
            <Tooltip label={copied ? copiedLabel : copyLabel} withArrow>
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
