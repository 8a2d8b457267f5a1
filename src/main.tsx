import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { browserStorage } from './app/services/auth/session';
import { startKeepingFontsOffline } from './app/services/pwa/fontCache';
import { registerServiceWorker } from './app/services/pwa/serviceWorker';
import { openedWorkspace } from './app/services/storage';
import { postCallbackIfRequested } from './app/shell/callback';
import { setupI18n } from './i18n';
import './app/styles/base.css';
import './app/styles/shell.css';
import './app/styles/landing.css';
import './app/styles/screens.css';

async function start(): Promise<void> {
  const i18n = await setupI18n({
    search: window.location.search,
    storage: browserStorage(),
    browserLanguages: navigator.languages,
  });
  // Before the first render: the interface's font order (and the browser's glyph choice for Han
  // characters) follows the document language, and text laid out under another one stays so.
  document.documentElement.lang = i18n.language;
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
  if (import.meta.env.PROD) {
    registerServiceWorker();
    startKeepingFontsOffline({ i18n, openedStorage: openedWorkspace });
  }
}

// Spec 000 §2: with `_callback` the page only reports its URL to the parent window.
if (!postCallbackIfRequested(window)) void start();
