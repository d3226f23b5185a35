import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountState } from '../lib/account';
import { changeLanguage, currentLanguage, hasStoredLanguage, isRightToLeft } from '../lib/i18n';
import { RouteView } from './route-view';
import { Shell } from './shell';
import { createPassportTheme } from './theme';

/** The passport's web app: theme, direction, toasts, the frame and the page for the address. */
export function App() {
  const { t, i18n } = useTranslation();
  // Rebuilt in the new language: the theme carries the names of Mantine's own buttons (close, show password).
  const lang = i18n.language;
  const theme = useMemo(() => createPassportTheme((key) => t(key, { lng: lang })), [t, lang]);

  return (
    <DirectionProvider initialDirection={isRightToLeft(currentLanguage()) ? 'rtl' : 'ltr'} detectDirection={false}>
      <MantineProvider theme={theme} forceColorScheme="light">
        <FollowLanguage />
        <Notifications position="top-center" zIndex={1000} />
        <Shell>
          <RouteView />
        </Shell>
      </MantineProvider>
    </DirectionProvider>
  );
}

/**
 * Keeps Mantine's direction with the language (Arabic right to left), and, for a person who has not chosen
 * a language in this browser, shows the app in their account's language once they are signed in.
 */
function FollowLanguage() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const state = useAccountState();
  const accountLang = state.status === 'signed-in' ? state.account.lang : undefined;

  useEffect(() => {
    setDirection(isRightToLeft(currentLanguage()) ? 'rtl' : 'ltr');
  }, [i18n.language, setDirection]);

  useEffect(() => {
    if (accountLang && !hasStoredLanguage() && accountLang !== currentLanguage()) {
      void changeLanguage(accountLang, { remember: false });
    }
  }, [accountLang]);

  return null;
}
