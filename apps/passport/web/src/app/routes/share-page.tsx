import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { Page } from '../../components/page';
import { ShareCard } from '../../features/share/components/share-card';
import { shareLinkOf } from '../../features/share/share-link';

/** /share?link=<id>: fill a company's pre-registration form from the passport (decision 047). */
export function SharePage({ search }: { search: string }) {
  const { t } = useTranslation();
  const link = shareLinkOf(search);
  return (
    <div data-testid="share-page">
      <Page title={t('share.title')} intro={t('share.intro')}>
        {link ? <ShareCard link={link} /> : <ErrorAlert message={t('share.bad_link')} />}
      </Page>
    </div>
  );
}
