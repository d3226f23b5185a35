import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { clearSession } from '@/lib/session';
import { forgetNextPage } from '../utils/next-page';
import { deactivatedMessage } from '../utils/passport-deactivated';

type ReactivatePassportModalProps = {
  opened: boolean;
  /** Days since the passport was deactivated; null when not known. */
  days: number | null;
  reactivating?: boolean;
  onReactivate: () => void;
};

/** Cancel: no sign-in goes on from here, so nothing of one stays in this browser. */
function abandonSignIn(): void {
  clearSession();
  forgetNextPage();
  window.location.assign(paths.login);
}

/** 'Reactivate My Passport Account': only its buttons close it. */
export function ReactivatePassportModal({ opened, days, reactivating, onReactivate }: ReactivatePassportModalProps) {
  const { t } = useTranslation('passport-sign-in');
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('reactivate.title')}
      data-testid="reactivate-passport-modal"
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={44} radius="xl" variant="light" color="orange" style={{ flexShrink: 0 }}>
            <IconId size={24} />
          </ThemeIcon>
          <Text size="sm" pt={4} data-testid="reactivate-passport-message">
            {deactivatedMessage(t, days)}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={abandonSignIn}
            disabled={reactivating}
            data-testid="reactivate-passport-cancel"
          >
            {t('reactivate.cancel')}
          </Button>
          <Button
            onClick={onReactivate}
            loading={reactivating}
            data-autofocus
            data-testid="reactivate-passport-confirm"
          >
            {t('reactivate.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
