import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@app/shared/constants';
import type { WatchlistEntry } from '@app/shared/watchlist/schemas';
import { ApiError } from '@/lib/api-client';
import { IMAGE_ACCEPT, checkImageFile, readImageSize } from '@/lib/image-check';
import { notifySuccess } from '@/lib/notify';
import { useUploadWatchlistPhoto } from '../api/upload-watchlist-photo';

const { minWidth, minHeight, maxBytes } = LIMITS.photo;
const inputProps: ComponentProps<'input'> & { 'data-testid': string } = { 'data-testid': 'watchlist-photo-input' };

/**
 * The entry's photo, which the people at the desk compare with the face in front of them. It belongs to
 * a saved entry: a new one is saved first. Checked here (png or jpg, its size) and again by the server.
 */
export function EntryPhoto({
  entry,
  onChange,
}: {
  entry: WatchlistEntry | null;
  onChange: (entry: WatchlistEntry) => void;
}) {
  const { t } = useTranslation('watchlist');
  const upload = useUploadWatchlistPhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    // Cleared, so that picking the same file again after fixing it still counts as a change.
    resetInput.current?.();
    if (!file || !entry) return;
    const found = await checkImageFile(file, LIMITS.photo, () => readImageSize(file));
    if (found) {
      setProblem(t(`errors:${found.code}`, found));
      return;
    }
    setProblem(null);
    upload.mutate(
      { id: entry.id, file },
      {
        onSuccess: (saved) => {
          notifySuccess(t('form.photo_saved'));
          onChange(saved);
        },
        onError: (error) => setProblem(error instanceof ApiError ? error.message : t('form.photo_failed')),
      },
    );
  };

  return (
    <Input.Wrapper
      label={t('form.photo')}
      description={t('form.photo_rules', { width: minWidth, height: minHeight, size: `${maxBytes / 1024 / 1024} MB` })}
    >
      <Group gap="md" mt="xs" align="center" wrap="nowrap">
        <Avatar
          src={entry?.image}
          name={entry?.full_name}
          color="initials"
          size={72}
          radius="md"
          alt={entry?.image ? t('entries.photo_alt', { name: entry.full_name }) : undefined}
          data-testid="watchlist-photo-preview"
          data-has-photo={entry?.image ? 'true' : 'false'}
        />
        {entry ? (
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
                loading={upload.isPending}
                data-testid="watchlist-photo-pick"
              >
                {entry.image ? t('form.photo_replace') : t('form.photo_choose')}
              </Button>
            )}
          </FileButton>
        ) : (
          <Stack gap={0}>
            <Text size="sm" c="dimmed" data-testid="watchlist-photo-after-save">
              {t('form.photo_after_save')}
            </Text>
          </Stack>
        )}
      </Group>
      {problem && (
        <Text size="sm" c="red" mt={6} role="alert" data-testid="watchlist-photo-error">
          {problem}
        </Text>
      )}
    </Input.Wrapper>
  );
}
