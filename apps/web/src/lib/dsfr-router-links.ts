import { Link } from 'react-router';
import { setLink } from '@codegouvfr/react-dsfr/link';

declare module '@codegouvfr/react-dsfr/link' {
  interface RegisterLink {
    Link: typeof Link;
  }
}

/**
 * The DSFR components that render links (Button, Card and SideMenu given `linkProps`) render the
 * router's Link once this module is imported: a module passing them `linkProps` imports it (an
 * ESLint rule lists those modules). Not in the app's entry: no public page passes `linkProps`, and
 * the DSFR's link module was 0.45 KB gzip of every page's initial JavaScript.
 * Its type accepts only `href` links; it handles `to` (router) links at run time.
 */
setLink({ Link: Link as never });
