import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@app/shared/constants';
import { IMAGE_ACCEPT, checkImageFile, readImageSize } from '@/lib/image-check';

/** The photo as the form holds it until it is saved: a new file, a removal, or what is stored. */
export type PhotoChoice = { file: File | null; remove: boolean };
export const NO_PHOTO_CHANGE: PhotoChoice = { file: null, remove: false };

type PhotoFieldProps = {
  name: string;
  /** The stored photo, if any. */
  current: string | null;
  value: PhotoChoice;
  onChange: (value: PhotoChoice) => void;
  /** A message from the server or the form (e.g. the user type requires a photo). */
  error?: string;
  required?: boolean;
};

const { minWidth, minHeight, maxBytes } = LIMITS.photo;
const inputProps: ComponentProps<'input'> & { 'data-testid': string } = { 'data-testid': 'person-photo-input' };

/** A preview URL for a picked file, released when the file changes or the form closes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Spec §5 "Profile photo: at least 250x300 px, max 3 MB, png or jpg": checked here by the file's
 * content and size before anything is sent (the server checks again), with a preview of the choice.
 */
export function PhotoField({ name, current, value, onChange, error, required }: PhotoFieldProps) {
  const { t } = useTranslation('users');
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);
  const preview = useObjectUrl(value.file);
  const shown = preview ?? (value.remove ? null : current);

  const pick = async (file: File | null) => {
    // Cleared, so that picking the same file again after fixing it still counts as a change.
    resetInput.current?.();
    if (!file) return;
    const found = await checkImageFile(file, LIMITS.photo, () => readImageSize(file));
    if (found) {
      setProblem(t(`errors:${found.code}`, found));
      return;
    }
    setProblem(null);
    onChange({ file, remove: false });
  };

  const message = problem ?? error;
  return (
    <Input.Wrapper
      label={t('form.photo')}
      description={t('form.photo_rules', { width: minWidth, height: minHeight, size: `${maxBytes / 1024 / 1024} MB` })}
      required={required}
    >
      <Group gap="md" mt="xs" align="center" wrap="nowrap">
        <Avatar
          src={shown}
          name={name || undefined}
          color="initials"
          size={84}
          radius="md"
          alt={t('photo.alt', { name })}
          data-testid="person-photo-preview"
          data-has-photo={shown ? 'true' : 'false'}
        />
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton
              onChange={(file) => void pick(file)}
              accept={IMAGE_ACCEPT}
              resetRef={resetInput}
              inputProps={inputProps}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconUpload size={14} />}
                  data-testid="person-photo-pick"
                >
                  {shown ? t('form.photo_replace') : t('form.photo_choose')}
                </Button>
              )}
            </FileButton>
            {shown && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => {
                  setProblem(null);
                  onChange({ file: null, remove: current !== null });
                }}
                data-testid="person-photo-remove"
              >
                {t('form.photo_remove')}
              </Button>
            )}
          </Group>
          {value.file && (
            <Text size="xs" c="dimmed">
              {t('form.photo_pending')}
            </Text>
          )}
        </Stack>
      </Group>
      {message && (
        <Text size="sm" c="red" mt={6} role="alert" data-testid="person-photo-error">
          {message}
        </Text>
      )}
    </Input.Wrapper>
  );
}
