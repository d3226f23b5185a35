import { Button } from '@mantine/core';
import { IconArrowBack, IconHourglass, IconMapSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor, paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { StatusPage } from '@/components/ui/status-page';

function NotFound({ standalone }: { standalone: boolean }) {
  const { t } = useTranslation('pages');
  const session = useSession();
  const home = session ? homePathFor(session.entity.package) : paths.login;
  return (
    <StatusPage
      standalone={standalone}
      code="404"
      icon={IconMapSearch}
      color="indigo"
      title={t('not_found.title')}
      description={t('not_found.body')}
      testId="not-found-page"
      actions={
        <Button leftSection={<IconArrowBack size={16} />} renderRoot={(props) => <Link to={home} {...props} />}>
          {session ? t('not_found.home') : t('not_found.sign_in')}
        </Button>
      }
    />
  );
}

/** /404, outside the app layout. */
export function NotFoundPage() {
  return <NotFound standalone />;
}

/** A route whose screen is not available, inside the app layout. */
export function NotFoundContent() {
  return <NotFound standalone={false} />;
}

function ComingSoon({ standalone }: { standalone: boolean }) {
  const { t } = useTranslation('pages');
  const session = useSession();
  const home = session ? homePathFor(session.entity.package) : paths.login;
  return (
    <StatusPage
      standalone={standalone}
      icon={IconHourglass}
      color="gray"
      title={t('coming_soon.title')}
      description={t('coming_soon.body')}
      testId="coming-soon-page"
      actions={
        <Button leftSection={<IconArrowBack size={16} />} renderRoot={(props) => <Link to={home} {...props} />}>
          {session ? t('coming_soon.home') : t('not_found.sign_in')}
        </Button>
      }
    />
  );
}

/** An area not built yet (config/paths comingSoonPaths), inside the app layout. */
export function ComingSoonContent() {
  return <ComingSoon standalone={false} />;
}

/** An area not built yet, outside the app layout. */
export function ComingSoonPage() {
  return <ComingSoon standalone />;
}
