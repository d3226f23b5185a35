import { Button, Center, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@app/shared/constants';
import type { CompanyDetails } from '@app/shared/entity/schemas';
import { notifySuccess } from '@/lib/notify';
import { useDeleteLogo } from '../api/delete-logo';
import { useUploadLogo } from '../api/upload-logo';
import { IMAGE_ACCEPT, checkImageFile, readImageSize } from '@/lib/image-check';
import { SectionCard } from './section-card';

const { minWidth, minHeight, maxBytes } = LIMITS.logo;
const logoInputProps: ComponentProps<'input'> & { 'data-testid': string } = { 'data-testid': 'logo-input' };

export function CompanyLogoCard({ company }: { company: CompanyDetails }) {
  const { t } = useTranslation('company');
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    // Clear the input so that choosing the same file again after fixing it still triggers a change.
    resetInput.current?.();
    setProblem(null);
    const found = await checkImageFile(file, LIMITS.logo, () => readImageSize(file));
    if (found) return setProblem(t(`errors:${found.code}`, found));
    upload.mutate(file, { onSuccess: () => notifySuccess(t('logo.uploaded')) });
  };

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('logo.remove_title'),
      children: <Text size="sm">{t('logo.remove_body')}</Text>,
      labels: { confirm: t('logo.remove'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'logo-remove-confirm' },
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notifySuccess(t('logo.removed')) }),
    });

  return (
    <SectionCard
      icon={<IconPhoto size={20} />}
      title={t('logo.title')}
      description={t('logo.rules', { width: minWidth, height: minHeight, size: `${maxBytes / 1024 / 1024} MB` })}
    >
      <Group align="center" gap="lg">
        <Paper withBorder radius="md" w={240} h={96} p="xs">
          <Center h="100%">
            {company.logo ? (
              <Image
                src={company.logo}
                alt={t('logo.alt', { name: company.name })}
                mah="100%"
                maw="100%"
                fit="contain"
                data-testid="logo-preview"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('logo.none')}
              </Text>
            )}
          </Center>
        </Paper>
        <Stack gap="xs">
          <FileButton
            onChange={(file) => void pick(file)}
            accept={IMAGE_ACCEPT}
            resetRef={resetInput}
            inputProps={logoInputProps}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                data-testid="logo-upload"
              >
                {company.logo ? t('logo.replace') : t('logo.upload')}
              </Button>
            )}
          </FileButton>
          {company.logo && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={confirmRemove}
              data-testid="logo-remove"
            >
              {t('logo.remove')}
            </Button>
          )}
        </Stack>
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert" data-testid="logo-error">
          {problem}
        </Text>
      )}
    </SectionCard>
  );
}
