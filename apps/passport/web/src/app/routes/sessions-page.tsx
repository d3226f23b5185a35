import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { SessionsList } from '../../features/sessions/components/sessions-list';

export function SessionsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('sessions.title')} intro={t('sessions.intro')}>
      <SessionsList />
    </Page>
  );
}
