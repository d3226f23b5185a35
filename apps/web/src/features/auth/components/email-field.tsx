import { TextInput, type TextInputProps } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The email input of the public sign-in pages, focused first. */
export function EmailField(props: TextInputProps & { autoComplete: 'email' | 'username'; 'data-testid': string }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('login.email')}
      placeholder={t('login.email_placeholder')}
      type="email"
      leftSection={<IconMail size={16} />}
      required
      data-autofocus
      {...props}
    />
  );
}
