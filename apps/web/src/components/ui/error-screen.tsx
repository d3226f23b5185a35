import { Button } from '@mantine/core';
import { IconHome, IconMoodSad, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** What the person sees when a screen fails to render: a friendly page with a way out. */
export function ErrorScreen({ standalone = true }: { standalone?: boolean }) {
  const { t } = useTranslation('pages');
  return (
    <StatusPage
      standalone={standalone}
      icon={IconMoodSad}
      color="red"
      title={t('crash.title')}
      description={t('crash.body')}
      testId="error-screen"
      actions={
        <>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            {t('crash.reload')}
          </Button>
          <Button variant="default" leftSection={<IconHome size={16} />} component="a" href="/">
            {t('crash.home')}
          </Button>
        </>
      }
    />
  );
}
