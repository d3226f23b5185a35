import { Anchor, Center, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserTypeNode } from '@app/shared/user-types/schemas';
import { useUserTypeQr } from '../api/get-user-type-qr';

/** The self-registration QR code of a type, to print or show at the door. */
export function UserTypeQrModal({ node, onClose }: { node: UserTypeNode; onClose: () => void }) {
  const { t } = useTranslation('user-types');
  const qr = useUserTypeQr(node.id);
  return (
    <Modal opened onClose={onClose} title={t('qr.title', { name: node.name })} centered>
      {qr.data ? (
        <Stack align="center" gap="sm">
          <Image
            src={qr.data.qr_code}
            alt={t('qr.alt', { name: node.name })}
            w={240}
            h={240}
            data-testid="user-type-qr-image"
          />
          <Text size="sm" c="dimmed" ta="center">
            {t('qr.description')}
          </Text>
          <Anchor
            href={qr.data.url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            dir="ltr"
            style={{ wordBreak: 'break-all' }}
          >
            {qr.data.url}
          </Anchor>
        </Stack>
      ) : (
        <Center h={240}>
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
