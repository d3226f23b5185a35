import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { InvitationsList } from '../../features/invitations/components/invitations-list';

export function InvitationsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('invitations.title')} intro={t('invitations.intro')}>
      <InvitationsList />
    </Page>
  );
}
