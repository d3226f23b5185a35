import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@app/shared/constants';
import { IMAGE_ACCEPT } from '@/lib/image-check';
import { photoMessage } from '../utils/photo-check';

const L = LIMITS.preRegistrationPhoto;
const inputProps: ComponentProps<'input'> & { 'data-testid': string } = {
  'data-testid': 'pre-registration-photo-input',
};

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

type PhotoInputProps = {
  value: File | null;
  onChange: (file: File | null) => void;
  required: boolean;
  /** A message from the form or the server (e.g. the flow needs a photo). */
  error?: string;
};

/** The visitor's photo, asked only when the flow needs an image: checked here before it is sent. */
export function PhotoInput({ value, onChange, required, error }: PhotoInputProps) {
  const { t } = useTranslation('pre-registration');
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const preview = useObjectUrl(value);

  const pick = async (file: File | null) => {
    resetInput.current?.();
    if (!file) return;
    const found = await photoMessage(file, t);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem(null);
    onChange(file);
  };
  const message = problem ?? error;

  return (
    <Input.Wrapper
      label={t('photo.label')}
      description={t('photo.rules', {
        minWidth: L.minWidth,
        maxWidth: L.maxWidth,
        minHeight: L.minHeight,
        maxHeight: L.maxHeight,
        size: `${L.maxBytes / 1024 / 1024} MB`,
      })}
      required={required}
    >
      <Group gap="md" mt="xs" wrap="nowrap">
        <Avatar src={preview} size={76} radius="md" alt={t('photo.alt')} data-testid="pre-registration-photo-preview">
          <IconCamera size={30} stroke={1.5} />
        </Avatar>
        <Stack gap={6} miw={0}>
          <Group gap="xs">
            <FileButton
              onChange={(file) => void pick(file)}
              accept={IMAGE_ACCEPT}
              resetRef={resetInput}
              inputProps={inputProps}
            >
              {(props) => (
                <Button {...props} variant="light" size="sm" leftSection={<IconCamera size={16} />}>
                  {value ? t('photo.replace') : t('photo.choose')}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  setProblem(null);
                  onChange(null);
                }}
                data-testid="pre-registration-photo-remove"
              >
                {t('photo.remove')}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('photo.why')}
          </Text>
        </Stack>
      </Group>
      {message && (
        <Text size="sm" c="red" mt={6} role="alert" data-testid="pre-registration-photo-error">
          {message}
        </Text>
      )}
    </Input.Wrapper>
  );
}
