import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { SIGN_IN_NAMESPACES } from '@/app/sign-in-namespaces';
import { SignInPages } from '@/app/sign-in-pages';
import { startDocument } from '@/app/start-document';
import { loadCatalogues } from '@/lib/i18n';

// The sign-in pages (/login, /forgot-password, /reset-password, /unlock-sign-in): a document of their own,
// so a person who is not signed in downloads the forms and not the router and the signed-in app.
async function start(): Promise<void> {
  if (!(await startDocument())) return;
  await loadCatalogues(SIGN_IN_NAMESPACES);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <SignInPages />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
