import { AppShell, Drawer, useDirection } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutPrefs } from '@app/shared/auth/schemas';
import { OnceOpened } from '@/components/ui/once-opened';
import type { StoredSession } from '@/lib/session';
import classes from './app-layout.module.css';
import { Footer } from './footer';
import { SideMenu, type MenuBadges } from './side-menu';
import { TopBar } from './top-bar';
import { useLayoutPrefs } from './use-layout-prefs';

// The layout settings load when the person first opens them: no page needs them to show.
const LayoutSettingsDrawer = lazy(() =>
  import('./layout-settings-drawer').then((m) => ({ default: m.LayoutSettingsDrawer })),
);

/** Spec "Layout shell": the desktop breakpoint; below it the menu is a drawer opened by a burger. */
const DESKTOP_BREAKPOINT = 992;
const MAIN_ID = 'main-content';
const MENU_WIDTH = { normal: { expanded: 264, collapsed: 76 }, compact: { expanded: 220, collapsed: 64 } };

/** The colours the menu and top bar take: dark and colored modes colour both, otherwise the person's picks. */
function effectiveThemes(prefs: LayoutPrefs): { sidebar: LayoutPrefs['sidebar']; topbar: LayoutPrefs['topbar'] } {
  if (prefs.mode === 'dark') return { sidebar: 'dark', topbar: 'dark' };
  if (prefs.mode === 'colored') return { sidebar: 'colored', topbar: 'colored' };
  return { sidebar: prefs.sidebar, topbar: prefs.topbar };
}

type AppLayoutProps = {
  session: StoredSession;
  /** Marks beside menu entries, e.g. how many items wait on a page (side-menu.tsx). */
  menuBadges?: MenuBadges;
  children: ReactNode;
};

export function AppLayout({ session, menuBadges, children }: AppLayoutProps) {
  const { dir } = useDirection();
  const { t } = useTranslation('layout');
  const { prefs, pinned, setPinned } = useLayoutPrefs();
  const desktop = useMediaQuery(`(min-width: ${DESKTOP_BREAKPOINT}px)`, true, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const [settingsOpened, settings] = useDisclosure(false);
  const [hovered, setHovered] = useState(false);

  const width = MENU_WIDTH[prefs.mode === 'compact' ? 'compact' : 'normal'];
  // The icon mode keeps the menu collapsed; it still opens while the pointer is over it.
  const menuPinned = pinned && prefs.mode !== 'icon';
  const expanded = menuPinned || hovered;
  const themes = effectiveThemes(prefs);

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{
        width: menuPinned ? width.expanded : width.collapsed,
        breakpoint: DESKTOP_BREAKPOINT,
        collapsed: { mobile: true },
      }}
      withBorder={themes.sidebar === 'light'}
    >
      {/* The first tab stop: past the menu and the top bar straight to the page (WCAG 2.4.1). */}
      <a
        href={`#${MAIN_ID}`}
        className={classes.skipLink}
        data-testid="skip-to-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('skip_to_content')}
      </a>
      <AppShell.Header withBorder={false}>
        <TopBar
          session={session}
          theme={themes.topbar}
          burger={{ visible: !desktop, opened: drawerOpened, onToggle: drawer.toggle }}
          onOpenSettings={settings.open}
        />
      </AppShell.Header>

      <AppShell.Navbar
        className={classes.navbar}
        data-testid="side-menu"
        data-expanded={expanded || undefined}
        data-floating={(hovered && !menuPinned) || undefined}
        style={{ width: expanded ? width.expanded : undefined }}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <SideMenu
          session={session}
          theme={themes.sidebar}
          expanded={expanded}
          pin={prefs.mode === 'icon' ? undefined : { pinned: menuPinned, onToggle: () => setPinned(!menuPinned) }}
          badges={menuBadges}
        />
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id={MAIN_ID} tabIndex={-1}>
        <div className={classes.content} data-width={prefs.width} data-compact={prefs.mode === 'compact' || undefined}>
          {children}
        </div>
        <Footer />
      </AppShell.Main>

      {!desktop && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          position={dir === 'rtl' ? 'right' : 'left'}
          size={width.expanded}
          withCloseButton={false}
          padding={0}
          styles={{ body: { height: '100%' } }}
          data-testid="side-menu-drawer"
        >
          <SideMenu session={session} theme={themes.sidebar} expanded onNavigate={drawer.close} badges={menuBadges} />
        </Drawer>
      )}
      <OnceOpened opened={settingsOpened}>
        <LayoutSettingsDrawer opened={settingsOpened} onClose={settings.close} />
      </OnceOpened>
    </AppShell>
  );
}
