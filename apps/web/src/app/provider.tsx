// Mantine's base sheets; each component brings its own (build/mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FIRST_DAY_OF_WEEK } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { OverlaysHost } from '@/components/ui/overlays-host';
import { Preloader } from '@/components/ui/preloader';
import { createAppTheme } from './theme';
import './global.css';

/** Everything the app runs inside: translations, direction, theme, modals, toasts, server state, a crash screen. */
export function AppProvider({ children }: { children: ReactNode }) {
  const dir = i18n.dir();
  const theme = useMemo(() => createAppTheme(i18n.t), []);
  const layoutMode = useSession()?.user.layout.mode;

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DirectionProvider initialDirection={dir} detectDirection={false}>
          <MantineProvider theme={theme} forceColorScheme={layoutMode === 'dark' ? 'dark' : 'light'}>
            <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: FIRST_DAY_OF_WEEK }}>
              <OverlaysHost
                modalLabels={{ confirm: i18n.t('common:actions.confirm'), cancel: i18n.t('common:actions.cancel') }}
                // At the bottom: at the top they would cover the top bar's user menu and language switch.
                notifications={{ position: dir === 'rtl' ? 'bottom-left' : 'bottom-right', zIndex: 1100 }}
              />
              <Preloader />
              <ErrorBoundary>{children}</ErrorBoundary>
            </DatesProvider>
          </MantineProvider>
        </DirectionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
