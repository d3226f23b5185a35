import { Button } from '@mantine/core';
import { IconArrowBack, IconLogin, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '@/config/paths';
import { logout, useSession } from '@/lib/session';
import { StatusPage } from '@/components/ui/status-page';

/** /error: where a 401 or a 403 leads (spec §8). */
export function ErrorPage() {
  const { t } = useTranslation('pages');
  const session = useSession();
  return (
    <StatusPage
      standalone
      icon={IconLock}
      color="orange"
      title={t('error.title')}
      description={t('error.body')}
      testId="error-page"
      actions={
        <>
          <Button leftSection={<IconLogin size={16} />} onClick={() => void logout()} data-testid="error-sign-in">
            {t('error.sign_in')}
          </Button>
          {session && (
            <Button
              variant="default"
              leftSection={<IconArrowBack size={16} />}
              renderRoot={(props) => <Link to={homePathFor(session.entity.package)} {...props} />}
            >
              {t('error.home')}
            </Button>
          )}
        </>
      }
    />
  );
}
