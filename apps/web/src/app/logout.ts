import { api } from '../lib/api-client.ts';
import { clearDrafts } from '../features/account-forms/draft-cleanup.ts';
import { LOGOUT_PATH } from './nav-links.ts';

/**
 * Ends the session (POST /deconnexion with the CSRF header), then loads the login page. The
 * member's form drafts are removed from the browser first.
 */
export async function logout(): Promise<void> {
  clearDrafts();
  try {
    await api.post(LOGOUT_PATH);
  } catch (error) {
    // The login page is the right place to land even if the session was already gone (419/401).
    console.warn('Logout request failed', error);
  }
  window.location.assign('/connexion');
}
