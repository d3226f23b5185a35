// Every screen's frame: a skip link, the header (the passport's name, the language menu, the account menu
// when signed in) and the main column, at most 480 px wide.
import { Box, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { followLink } from '../components/app-link';
import { useAccountState } from '../lib/account';
import { paths } from '../lib/router';
import { AccountMenu } from './account-menu';
import { LanguageMenu } from './language-menu';

export const COLUMN_WIDTH = 480;

export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const state = useAccountState();

  return (
    <div className="passport-page">
      <a className="passport-skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      <header className="passport-header">
        <Container size={COLUMN_WIDTH} h={60} px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Box
              component="a"
              href={paths.home}
              onClick={(event) => followLink(event, paths.home)}
              style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', color: 'inherit' }}
            >
              <ThemeIcon size={32} radius="md" aria-hidden>
                <IconShieldCheck size={20} />
              </ThemeIcon>
              <Text component="span" fw={700} fz="lg">
                {t('app.name')}
              </Text>
            </Box>
            <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('nav.label')}>
              <LanguageMenu />
              {state.status === 'signed-in' && <AccountMenu account={state.account} />}
            </Group>
          </Group>
        </Container>
      </header>
      <Container component="main" id="main" tabIndex={-1} className="passport-main" size={COLUMN_WIDTH} px="md" py="xl">
        {children}
      </Container>
    </div>
  );
}
