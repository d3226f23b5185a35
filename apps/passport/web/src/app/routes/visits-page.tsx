import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { VisitsList } from '../../features/visits/components/visits-list';

export function VisitsPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('visits.title')} intro={t('visits.intro')}>
      <VisitsList />
    </Page>
  );
}
