import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { Page } from '../../components/page';
import { paths } from '../../lib/router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('not_found.title')} intro={t('not_found.intro')}>
      <AppLink href={paths.home}>{t('not_found.home')}</AppLink>
    </Page>
  );
}
