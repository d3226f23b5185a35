import { Button, Center, Group, Loader, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from './load-failed-alert';

/**
 * A modal whose form edits settings read when it opens: the failure (with a retry) or a loader until
 * they are read, then the form (`form`, called only once they are).
 */
export function LoadedSettingsModal({
  opened,
  onClose,
  title,
  state,
  failedTitle,
  loadingLabel,
  onRetry,
  form,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  state: 'failed' | 'loading' | 'ready';
  failedTitle: string;
  loadingLabel: string;
  onRetry: () => void;
  form: () => ReactNode;
}) {
  let body: ReactNode;
  if (state === 'failed') body = <LoadFailedAlert title={failedTitle} onRetry={onRetry} />;
  else if (state === 'loading')
    body = (
      <Center py="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  else body = form();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {opened && body}
    </Modal>
  );
}

/** A settings form's Cancel and Save, Save only once something changed. */
export function SettingsFormActions({
  onCancel,
  saving,
  dirty,
  saveLabel,
  testId,
}: {
  onCancel: () => void;
  saving: boolean;
  dirty: boolean;
  saveLabel: string;
  testId: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={saving} disabled={!dirty} data-testid={testId}>
        {saveLabel}
      </Button>
    </Group>
  );
}
