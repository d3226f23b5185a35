// Pages without the app layout (spec §2): sign-in and password pages, the visitor's public pages, and
// the pages a link or an error lands on.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { hrefFor, paths } from '@/config/paths';
import { publicPage, rootRoute, signInPage } from './route-shells';

// The passport's way back in (/sso, /login-one-time): the sign-in card's words and the passport's own.
const PASSPORT_SIGN_IN_NAMESPACES = ['auth', 'layout', 'passport-sign-in'];

export const publicRoutes = [
  // The sign-in pages are a document of their own (sign-in.html): opened from the app, it loads.
  signInPage(paths.login),
  signInPage(paths.forgotPassword),
  signInPage(paths.resetPassword),
  signInPage(paths.unlockSignIn),
  publicPage(
    paths.sso,
    lazyRouteComponent(() => import('@/features/auth/components/passport-sign-in-page'), 'PassportSignInPage'),
    PASSPORT_SIGN_IN_NAMESPACES,
  ),
  publicPage(paths.notFound),
  publicPage(
    paths.error,
    lazyRouteComponent(() => import('./routes/error-page'), 'ErrorPage'),
  ),
  publicPage(
    paths.otpError,
    lazyRouteComponent(() => import('./routes/otp-error-page'), 'OtpErrorPage'),
  ),
  publicPage(
    paths.linkExpired,
    lazyRouteComponent(() => import('./routes/link-expired-page'), 'LinkExpiredPage'),
  ),
  publicPage(
    paths.kioskRegister,
    lazyRouteComponent(() => import('@/features/kiosk-register/components/kiosk-register-page'), 'KioskRegisterPage'),
    ['kiosk-register', 'layout'],
  ),
  publicPage(
    paths.preRegistration,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/pre-registration-page'),
      'PreRegistrationPage',
    ),
    ['pre-registration', 'custom-fields', 'layout'],
  ),
  publicPage(
    paths.preRegistrationSuccess,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/pre-registration-success-page'),
      'PreRegistrationSuccessPage',
    ),
    ['pre-registration', 'layout'],
  ),
  createRoute({
    getParentRoute: () => rootRoute,
    path: paths.expressRegistration,
    beforeLoad: ({ params }) =>
      redirect({
        href: hrefFor(paths.preRegistration, { id: params.id }, { add_visitor: true }),
        replace: true,
        throw: true,
      }),
  }),
  publicPage(
    paths.onlineCompliance,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/online-compliance-page'),
      'OnlineCompliancePage',
    ),
    ['pre-registration', 'compliances', 'layout'],
  ),
  publicPage(
    paths.complianceLink,
    lazyRouteComponent(
      () => import('@/features/pre-registration/components/compliance-link-page'),
      'ComplianceLinkPage',
    ),
    ['pre-registration', 'compliances', 'layout'],
  ),
  publicPage(
    paths.rfidCode,
    lazyRouteComponent(() => import('@/features/rfid-public/components/rfid-public-page'), 'RfidPublicPage'),
    ['rfid', 'layout'],
  ),
  publicPage(
    paths.iAmSafe,
    lazyRouteComponent(() => import('@/features/emergency/safe/components/safe-page'), 'SafePage'),
    ['safe-link', 'layout'],
  ),
  publicPage(
    paths.hostApproval,
    lazyRouteComponent(() => import('@/features/host-approval/components/host-approval-page'), 'HostApprovalPage'),
    ['host-approval', 'layout'],
  ),
  publicPage(
    paths.loginOneTime,
    lazyRouteComponent(() => import('@/features/auth/components/passport-sign-in-page'), 'PassportSignInPage'),
    PASSPORT_SIGN_IN_NAMESPACES,
  ),
  publicPage(
    paths.passport,
    lazyRouteComponent(() => import('@/features/auth/components/passport-page'), 'PassportPage'),
    ['passport-sign-in'],
  ),
  publicPage(
    paths.logout,
    lazyRouteComponent(() => import('./routes/logout-page'), 'LogoutPage'),
  ),
] as const;
