import helmet from 'helmet';

/**
 * The passport's own security headers: its pages run only its own scripts, and its forms (the provider's
 * sign-out question) may lead back to the applications that sent the person here.
 */
export function passportSecurityHeaders(formTargets: string[], dashboardOrigin: string) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Companies' logos come from the dashboard, where they are public.
        imgSrc: ["'self'", 'data:', 'blob:', dashboardOrigin],
        // The holder's visits and sign-in on site are the dashboard's calls (decision 047).
        connectSrc: ["'self'", dashboardOrigin],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        formAction: ["'self'", ...formTargets],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The provider's redirects carry codes in the address: no Referer leaves with them.
    referrerPolicy: { policy: 'no-referrer' },
  });
}
