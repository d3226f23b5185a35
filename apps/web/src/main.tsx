import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installFirstErrorFocus } from '@/lib/first-error';
import { startI18n } from '@/lib/i18n';
import { AppProvider } from '@/app/provider';
import { reloadOnBackNavigation, router } from '@/app/router';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { queryClient } from '@/lib/query-client';
import { hasStoredSession, loadSessionCheck } from '@/lib/session';
import { checkTenantHost } from '@/lib/tenant-host';

async function start(): Promise<void> {
  // The app still starts when the server cannot be reached; screens report their own failures.
  const [config] = await Promise.all([
    queryClient.fetchQuery(publicConfigQueryOptions).catch(() => undefined),
    startI18n(),
    // The route guard reads a stored sign-in only once it is checked; without one, no check loads.
    hasStoredSession() ? loadSessionCheck().catch(() => undefined) : undefined,
  ]);
  if (!(await checkTenantHost(config))) return;
  if (config?.provider_name) document.title = config.provider_name;

  reloadOnBackNavigation();
  installFirstErrorFocus();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
