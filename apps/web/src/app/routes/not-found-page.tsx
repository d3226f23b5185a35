import { Button } from '@mantine/core';
import { IconArrowBack, IconHourglass, IconMapSearch, type Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor, paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { StatusPage } from '@/components/ui/status-page';

/** What a page that has nothing to show says: a 404, or an area not built yet. */
const VARIANTS = {
  not_found: { code: '404', icon: IconMapSearch, color: 'indigo', testId: 'not-found-page' },
  coming_soon: { code: undefined, icon: IconHourglass, color: 'gray', testId: 'coming-soon-page' },
} satisfies Record<string, { code: string | undefined; icon: Icon; color: string; testId: string }>;

function NothingHere({ variant, standalone }: { variant: keyof typeof VARIANTS; standalone: boolean }) {
  const { t } = useTranslation('pages');
  const session = useSession();
  const home = session ? homePathFor(session.entity.package) : paths.login;
  const { code, icon, color, testId } = VARIANTS[variant];
  return (
    <StatusPage
      standalone={standalone}
      code={code}
      icon={icon}
      color={color}
      title={t(`${variant}.title`)}
      description={t(`${variant}.body`)}
      testId={testId}
      actions={
        <Button leftSection={<IconArrowBack size={16} />} renderRoot={(props) => <Link to={home} {...props} />}>
          {session ? t(`${variant}.home`) : t('not_found.sign_in')}
        </Button>
      }
    />
  );
}

/** /404, outside the app layout. */
export function NotFoundPage() {
  return <NothingHere variant="not_found" standalone />;
}

/** A route whose screen is not available, inside the app layout. */
export function NotFoundContent() {
  return <NothingHere variant="not_found" standalone={false} />;
}

/** An area not built yet (config/paths comingSoonPaths), inside the app layout. */
export function ComingSoonContent() {
  return <NothingHere variant="coming_soon" standalone={false} />;
}

/** An area not built yet, outside the app layout. */
export function ComingSoonPage() {
  return <NothingHere variant="coming_soon" standalone />;
}
