import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionPermissions } from '@app/shared/emergency/schemas';
import { ApiError } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { useEndSession } from '../api/end-session';

/**
 * Ending a session, confirmed first. Spec §6: refused when the session covers areas outside the
 * warden's sites that still have people signed in; those areas are named here, before and after asking.
 */
export function EndSessionModal({
  sessionId,
  sessionName,
  permissions,
  opened,
  onClose,
}: {
  sessionId: string;
  sessionName: string;
  permissions: SessionPermissions | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('emergency');
  const end = useEndSession(sessionId);
  const blockedBy = permissions?.end_blocked_by ?? [];
  const refusal = end.error instanceof ApiError && end.error.status === 422 ? end.error.message : null;
  const close = () => {
    end.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('session_page.end_modal.title')} data-testid="end-session-modal">
      <Stack gap="md">
        <Text>{t('session_page.end_modal.body', { name: sessionName })}</Text>
        {blockedBy.length > 0 && !refusal && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="end-session-blocked">
            <Text size="sm" mb={4}>
              {t('session_page.end_modal.blocked')}
            </Text>
            <List size="sm">
              {blockedBy.map((area) => (
                <List.Item key={area.id}>{area.name}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="end-session-refused">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} mih={48}>
            {t('session_page.end_modal.cancel')}
          </Button>
          <Button
            color="red.9"
            mih={48}
            loading={end.isPending}
            disabled={blockedBy.length > 0 || refusal !== null}
            onClick={() =>
              end.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(t('session_page.end_modal.ended', { name: sessionName }));
                  close();
                },
              })
            }
            data-testid="end-session-confirm"
          >
            {t('session_page.end_modal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
