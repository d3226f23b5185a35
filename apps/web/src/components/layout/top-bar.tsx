import { Burger, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LayoutPrefs } from '@app/shared/auth/schemas';
import type { StoredSession } from '@/lib/session';
import { CompanyLogo } from './company-logo';
import { LanguageMenu } from './language-menu';
import { QuickLinks } from './quick-links';
import classes from './top-bar.module.css';
import { UserMenu } from './user-menu';

type TopBarProps = {
  session: StoredSession;
  theme: LayoutPrefs['topbar'];
  /** The burger that opens the menu drawer, below the desktop breakpoint. */
  burger: { visible: boolean; opened: boolean; onToggle: () => void };
  onOpenSettings: () => void;
};

export function TopBar({ session, theme, burger, onOpenSettings }: TopBarProps) {
  const { t } = useTranslation('layout');
  return (
    <div className={classes.bar} data-theme={theme} data-testid="top-bar">
      <div className={classes.start}>
        {burger.visible && (
          <Burger
            className={classes.burger}
            opened={burger.opened}
            onClick={burger.onToggle}
            size="sm"
            aria-label={burger.opened ? t('menu.close') : t('menu.open')}
            data-testid="menu-burger"
          />
        )}
        <CompanyLogo entity={session.entity} />
      </div>
      <div className={classes.end}>
        <QuickLinks session={session} />
        <LanguageMenu />
        <Tooltip label={t('settings.title')}>
          <UnstyledButton
            className={classes.control}
            onClick={onOpenSettings}
            aria-label={t('settings.title')}
            data-testid="layout-settings-button"
          >
            <IconLayoutDashboard size={19} stroke={1.8} />
          </UnstyledButton>
        </Tooltip>
        <UserMenu session={session} />
      </div>
    </div>
  );
}
