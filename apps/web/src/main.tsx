import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startReactDsfr } from '@codegouvfr/react-dsfr/spa';
import { Link } from 'react-router';
import { App } from './app/app.tsx';
import { checkCsrfToken } from './lib/api-client.ts';
// Icons: trimmed to the ones the code uses by `react-dsfr update-icons` (npm run dsfr).
import '@codegouvfr/react-dsfr/dsfr/utility/icons/icons.min.css';
import './app/app.css';

declare module '@codegouvfr/react-dsfr/spa' {
  interface RegisterLink {
    Link: typeof Link;
  }
}

startReactDsfr({ defaultColorScheme: 'light', Link });

// Spec §8: without the token every state-changing request would be refused.
checkCsrfToken();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
