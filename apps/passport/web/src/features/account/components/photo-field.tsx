import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import type { PassportAccount } from '@app/shared/passport/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setAccount } from '../../../lib/account';
import { notifySuccess } from '../../../lib/notify';
import { useAction } from '../../../lib/use-request';
import { uploadPhoto } from '../api/upload-photo';
import { PHOTO_TYPES, fileHead, photoProblem } from '../photo-check';

const initials = (account: PassportAccount) =>
  `${account.first_name.charAt(0)}${account.last_name.charAt(0)}`.toUpperCase();

/** The person's photo and a button to choose a new one (the phone offers its camera or its gallery). */
export function PhotoField({ account }: { account: PassportAccount }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  const action = useAction(uploadPhoto);

  const choose = async (file: File | null) => {
    if (!file) return;
    setProblem(undefined);
    action.reset();
    const found = photoProblem(file, await fileHead(file));
    if (found) {
      setProblem(found === 'type' ? t('photo.wrong_type') : t('photo.too_big'));
      return;
    }
    const result = await action.run(file);
    if (result.ok) {
      setAccount(result.value);
      notifySuccess(t('photo.saved'));
    }
  };

  const message = problem ?? action.error?.fields.image ?? action.error?.message;
  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <Avatar
        src={account.photo}
        alt={t('photo.alt', { name: `${account.first_name} ${account.last_name}` })}
        size={88}
        radius="50%"
        color="blue"
      >
        {initials(account)}
      </Avatar>
      <Stack gap={6} align="flex-start">
        <FileButton onChange={(file) => void choose(file)} accept={PHOTO_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconCamera size={18} aria-hidden />}
              loading={action.pending}
            >
              {account.photo ? t('photo.change') : t('photo.add')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('photo.rules')}
        </Text>
        {message && (
          <Text size="sm" c="red.9" role="alert">
            {message}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
