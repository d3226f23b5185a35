import { Button, Center, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@app/shared/constants';
import { IMAGE_ACCEPT, checkImageFile, readImageSize } from '@/lib/image-check';

/** A logo picked to upload after saving, the current one to remove, or no change. */
export type LogoChange = { file: File } | 'remove' | null;

const { minWidth, minHeight, maxBytes } = LIMITS.logo;
const inputProps: ComponentProps<'input'> & { 'data-testid': string } = { 'data-testid': 'journey-logo-input' };

type LogoPickerProps = {
  current: string | null;
  name: string;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
};

/**
 * The journey's logo (printed on badges): checked in the browser like the company logo (PNG or JPG,
 * at least 200×45, at most 2 MB) before it is sent, and again by the server.
 */
export function LogoPicker({ current, name, change, onChange }: LogoPickerProps) {
  const { t } = useTranslation('journeys');
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const picked = change && change !== 'remove' ? change.file : null;
  const preview = useMemo(() => (picked ? URL.createObjectURL(picked) : null), [picked]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (change === 'remove' ? null : current);

  const pick = async (file: File | null) => {
    if (!file) return;
    resetInput.current?.();
    setProblem(null);
    const found = await checkImageFile(file, LIMITS.logo, () => readImageSize(file));
    if (found) return setProblem(t(`errors:${found.code}`, found));
    onChange({ file });
  };

  return (
    <Input.Wrapper
      label={t('form.logo')}
      description={t('form.logo_rules', { width: minWidth, height: minHeight, size: `${maxBytes / 1024 / 1024} MB` })}
      error={problem}
    >
      <Group align="center" gap="lg" mt={6}>
        <Paper withBorder radius="md" w={200} h={72} p="xs">
          <Center h="100%">
            {shown ? (
              <Image
                src={shown}
                alt={t('form.logo_alt', { name })}
                mah="100%"
                maw="100%"
                fit="contain"
                data-testid="journey-logo-preview"
              />
            ) : (
              <Stack gap={2} align="center">
                <IconPhoto size={20} color="var(--mantine-color-dimmed)" />
                <Text size="xs" c="dimmed">
                  {t('form.logo_none')}
                </Text>
              </Stack>
            )}
          </Center>
        </Paper>
        <Stack gap="xs">
          <FileButton
            onChange={(file) => void pick(file)}
            accept={IMAGE_ACCEPT}
            resetRef={resetInput}
            inputProps={inputProps}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} data-testid="journey-logo-pick">
                {shown ? t('form.logo_replace') : t('form.logo_choose')}
              </Button>
            )}
          </FileButton>
          {shown && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onChange(picked ? null : 'remove')}
              data-testid="journey-logo-remove"
            >
              {t('form.logo_remove')}
            </Button>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
