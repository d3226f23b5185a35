// The pages of the sign-in document (sign-in-main.tsx), by the address's path. /login comes with the
// document; the other three load when opened.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { SIGN_IN_PAGES, signInPageOf, type SignInPagePath } from '@app/shared/http/sign-in-pages';
import { LoginPage } from '@/features/auth/components/login-page';
import { usePagePath } from '@/features/auth/hooks/use-page-location';

const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/components/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/components/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const UnlockSignInPage = lazy(() =>
  import('@/features/auth/components/unlock-sign-in-page').then((m) => ({ default: m.UnlockSignInPage })),
);

const PAGES: Record<SignInPagePath, ReactNode> = {
  [SIGN_IN_PAGES.login]: <LoginPage />,
  [SIGN_IN_PAGES.forgotPassword]: <ForgotPasswordPage />,
  [SIGN_IN_PAGES.resetPassword]: <ResetPasswordPage />,
  [SIGN_IN_PAGES.unlockSignIn]: <UnlockSignInPage />,
};

export function SignInPages() {
  const page = signInPageOf(usePagePath());
  // An address of the app (back past the first sign-in page): the app's own document answers it.
  useEffect(() => {
    if (!page) window.location.reload();
  }, [page]);
  return page ? <Suspense fallback={null}>{PAGES[page]}</Suspense> : null;
}
