/**
 * The page's one script. The server's HTML is complete: the browser paints it first, with all the
 * bandwidth for its styles and fonts, then loads the app (entry-client and its chunks, fetched in
 * parallel) which hydrates it. On a slow phone the text shows sooner; the controls answer once
 * hydrated, as before.
 */
// The styles are the page's own: linked from the HTML's head, render-blocking like the DSFR's.
// Icons: trimmed to the ones the code uses by `react-dsfr update-icons` (npm run dsfr).
import '@codegouvfr/react-dsfr/dsfr/utility/icons/icons.min.css';
import './app/app.css';

requestAnimationFrame(() => setTimeout(() => void import('./entry-client.tsx')));
