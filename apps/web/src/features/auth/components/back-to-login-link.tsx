import { Anchor, Center } from '@mantine/core';
import { PageLink } from './page-link';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';

export function BackToLoginLink() {
  const { t } = useTranslation('auth');
  return (
    <Center>
      <Anchor size="sm" renderRoot={(props) => <PageLink to={paths.login} {...props} />} data-testid="back-to-login">
        {t('back_to_login')}
      </Anchor>
    </Center>
  );
}
