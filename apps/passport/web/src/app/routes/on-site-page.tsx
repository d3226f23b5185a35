import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { OnSitePanel } from '../../features/on-site/components/on-site-panel';

export function OnSitePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('on_site.title')} intro={t('on_site.intro')}>
      <OnSitePanel />
    </Page>
  );
}
