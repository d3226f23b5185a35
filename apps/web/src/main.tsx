import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { reloadOnBackNavigation, router } from '@/app/router';
import { startDocument } from '@/app/start-document';
import { hasStoredSession, loadSessionCheck } from '@/lib/session';

// The web app, but for the sign-in pages (sign-in-main.tsx).
async function start(): Promise<void> {
  // The route guard reads a stored sign-in only once it is checked; without one, no check loads.
  const checked = hasStoredSession() ? loadSessionCheck().catch(() => undefined) : undefined;
  if (!(await startDocument(checked))) return;

  reloadOnBackNavigation();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
