// The page for the address, behind the guards: the account's pages need a sign-in (and come back after
// it), the sign-in pages are skipped when already signed in, and the rest (a mailed link, an application's
// sign-in) work either way.
import { Button } from '@mantine/core';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../components/error-alert';
import { Page } from '../components/page';
import { PageLoader } from '../components/page-loader';
import { loadAccount, useAccountState } from '../lib/account';
import { navigate, paths, returnPathOf, useLocation, withReturn, type Route } from '../lib/router';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';
import { SignInPage } from './routes/sign-in-page';

// The pages a person opens first (home, sign-in) come with the app; the others load when opened.
const ForgotPasswordPage = lazy(() =>
  import('./routes/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const InteractionPage = lazy(() => import('./routes/interaction-page').then((m) => ({ default: m.InteractionPage })));
const VisitsPage = lazy(() => import('./routes/visits-page').then((m) => ({ default: m.VisitsPage })));
const OnSitePage = lazy(() => import('./routes/on-site-page').then((m) => ({ default: m.OnSitePage })));
const SharePage = lazy(() => import('./routes/share-page').then((m) => ({ default: m.SharePage })));
const InvitationsPage = lazy(() => import('./routes/invitations-page').then((m) => ({ default: m.InvitationsPage })));
const ProfilePage = lazy(() => import('./routes/profile-page').then((m) => ({ default: m.ProfilePage })));
const ResetPasswordPage = lazy(() =>
  import('./routes/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SecurityPage = lazy(() => import('./routes/security-page').then((m) => ({ default: m.SecurityPage })));
const SessionsPage = lazy(() => import('./routes/sessions-page').then((m) => ({ default: m.SessionsPage })));
const SignUpPage = lazy(() => import('./routes/sign-up-page').then((m) => ({ default: m.SignUpPage })));
const VerifyPage = lazy(() => import('./routes/verify-page').then((m) => ({ default: m.VerifyPage })));

const SIGNED_IN_ONLY = new Set<Route['name']>([
  'home',
  'profile',
  'security',
  'sessions',
  'invitations',
  'visits',
  'onSite',
  'share',
]);
const SIGNED_OUT_ONLY = new Set<Route['name']>(['signIn', 'signUp', 'forgotPassword']);

/** Moves to `to` in place of the current entry (Back does not land on the page that redirected). */
function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return <PageLoader />;
}

export function RouteView() {
  const { route, pathname, search } = useLocation();
  const state = useAccountState();

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') return <StartError message={state.error.message} />;

  const signedIn = state.status === 'signed-in';
  if (SIGNED_IN_ONLY.has(route.name) && !signedIn) {
    return <Redirect to={withReturn(paths.signIn, route.name === 'home' ? undefined : `${pathname}${search}`)} />;
  }
  if (SIGNED_OUT_ONLY.has(route.name) && signedIn) return <Redirect to={returnPathOf(search) ?? paths.home} />;

  return (
    <Suspense fallback={<PageLoader />}>
      <PageFor route={route} search={search} />
    </Suspense>
  );
}

function PageFor({ route, search }: { route: Route; search: string }) {
  switch (route.name) {
    case 'home':
      return <HomePage />;
    case 'signIn':
      return <SignInPage search={search} />;
    case 'signUp':
      return <SignUpPage search={search} />;
    case 'verify':
      return <VerifyPage search={search} />;
    case 'forgotPassword':
      return <ForgotPasswordPage search={search} />;
    case 'resetPassword':
      return <ResetPasswordPage search={search} />;
    case 'interaction':
      return <InteractionPage key={route.uid} uid={route.uid} />;
    case 'profile':
      return <ProfilePage />;
    case 'security':
      return <SecurityPage />;
    case 'sessions':
      return <SessionsPage />;
    case 'invitations':
      return <InvitationsPage />;
    case 'visits':
      return <VisitsPage />;
    case 'onSite':
      return <OnSitePage />;
    case 'share':
      return <SharePage search={search} />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

/** The first look at the account failed (no connection): say so and offer to try again. */
function StartError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t('app.unreachable_title')}>
      <ErrorAlert message={message} />
      <Button onClick={() => void loadAccount()} style={{ alignSelf: 'flex-start' }}>
        {t('common.retry')}
      </Button>
    </Page>
  );
}
