import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadAccount } from './lib/account';
import { startI18n } from './lib/i18n';

// The language first (the first screen is in it), then who is signed in, which the app shows a spinner for.
async function start(): Promise<void> {
  await startI18n();
  void loadAccount();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
