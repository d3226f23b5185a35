import { modals } from '@mantine/modals';
import { IconShieldLock } from '@tabler/icons-react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { startPassportSignIn } from '@/lib/passport-start';
import { getStoredUser } from '@/lib/session';
import { nonDismissable, openEventModal } from '../utils/open-event-modal';
import { EventModalBody } from './event-modal-body';

const MODAL_ID = 'security-policy';

function SecurityPolicyBody() {
  const { t } = useTranslation('events');
  return (
    <EventModalBody
      icon={IconShieldLock}
      color="orange"
      message={t('security_policy.body')}
      okayLabel={t('security_policy.okay')}
      onOkay={() => {
        modals.close(MODAL_ID);
        // The passport turns two-step on before it signs the person in again to this company.
        startPassportSignIn({ forceOtp: true, subdomain: getStoredUser()?.entity.subdomain });
      }}
    />
  );
}

/** The non-dismissable 'Security Policy Updated' modal: two-step authentication became compulsory for the role. */
export function openSecurityPolicyModal(): void {
  openEventModal(MODAL_ID, {
    title: i18next.t('events:security_policy.title'),
    children: <SecurityPolicyBody />,
    ...nonDismissable,
  });
}
