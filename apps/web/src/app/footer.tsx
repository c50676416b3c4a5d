import { Suspense, useRef, useState, type FormEvent } from 'react';
import { fr } from '../lib/fr.ts';
import { Link, useLocation } from 'react-router';
import {
  BACK_TO_TOP_SCROLL_PX,
  COPYRIGHT_YEAR,
  DEFAULT_LOCALE,
  HONEYPOT_FIELD,
  NEWSLETTER_FAILURE,
  NEWSLETTER_SUBSCRIBE_PATH,
  SHARE_SENTENCE,
  pathTo,
} from '@ad/contract';
import { usePageConfig } from './page-config.ts';
import { FooterConsentItem } from './consent-parts.ts';
import { useScrolledPast } from './hooks.ts';
import { FOOTER_LINKS } from './nav-links.ts';
import { routeForPath } from './route-head.ts';
import { ApiError, api } from '../lib/api-client.ts';
import { emailError } from '../lib/validation.ts';

export const NEWSLETTER_EMAIL_LABEL = 'Votre adresse électronique (ex. : nom@domaine.fr)';
export const FOLLOW_LABEL = "Lettre d'information et partage";

/** Share URLs of the current page (spec §2: Facebook, Twitter, LinkedIn). */
export function shareLinks(href: string, appName: string) {
  const url = encodeURIComponent(href);
  const text = encodeURIComponent(`${SHARE_SENTENCE} ${appName}`);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
  };
}

/**
 * The public address of a page: the configured base URL (APP_URL) plus path and query, so that
 * the server and the browser build the same share links. Without a base URL (no page config),
 * the browser's origin stands in.
 */
export function publicPageUrl(appUrl: string, pathAndQuery: string): string {
  const base = appUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  return base.replace(/\/+$/, '') + pathAndQuery;
}

/** Footer (spec §2 shared frame): newsletter, share links, site links, legal links, back to top. */
export function Footer() {
  const { appName, settings } = usePageConfig();

  return (
    <>
      {/* A landmark of its own, so that no content sits outside every landmark. */}
      <aside className={fr.cx('fr-follow')} aria-label={FOLLOW_LABEL}>
        <div className={fr.cx('fr-container')}>
          <div className={fr.cx('fr-grid-row')}>
            <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
              <NewsletterForm />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-4')}>
              <ShareLinks appName={appName} />
            </div>
          </div>
        </div>
      </aside>

      <footer className={fr.cx('fr-footer')} role="contentinfo" id="footer" tabIndex={-1}>
        <div className={fr.cx('fr-footer__top')}>
          <div className={fr.cx('fr-container')}>
            <nav aria-label="Plan du site">
              <ul className={`${fr.cx('fr-footer__top-list')} app-footer__links`}>
                {FOOTER_LINKS.map((link) => (
                  <li key={link.to}>
                    <Link className={fr.cx('fr-footer__top-link')} to={link.to}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
        <div className={fr.cx('fr-container')}>
          <div className={fr.cx('fr-footer__body')}>
            <div className={fr.cx('fr-footer__brand', 'fr-enlarge-link')}>
              <Link to="/" title={`Accueil - ${appName}`}>
                <p className={fr.cx('fr-logo')}>
                  République
                  <br />
                  Française
                </p>
              </Link>
            </div>
            <div className={fr.cx('fr-footer__content')}>
              <p className={fr.cx('fr-footer__content-desc')}>
                {appName} : la plateforme régionale des initiatives pour une alimentation saine et
                durable en Nouvelle-Aquitaine.
              </p>
              <ul className={fr.cx('fr-footer__content-list')}>
                {[
                  ['info.gouv.fr', 'https://www.info.gouv.fr'],
                  ['service-public.fr', 'https://www.service-public.fr'],
                  ['legifrance.gouv.fr', 'https://www.legifrance.gouv.fr'],
                  ['data.gouv.fr', 'https://www.data.gouv.fr'],
                ].map(([label, href]) => (
                  <li key={href}>
                    <a
                      className={fr.cx('fr-footer__content-link')}
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={`${label} - nouvelle fenêtre`}
                    >
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className={fr.cx('fr-footer__bottom')}>
            <ul className={fr.cx('fr-footer__bottom-list')}>
              <li className={fr.cx('fr-footer__bottom-item')}>
                <Link className={fr.cx('fr-footer__bottom-link')} to={pathTo('confidentiality')}>
                  Politique de confidentialité
                </Link>
              </li>
              <li className={fr.cx('fr-footer__bottom-item')}>
                <Link className={fr.cx('fr-footer__bottom-link')} to={pathTo('legal-notice')}>
                  Mentions légales
                </Link>
              </li>
              <li className={fr.cx('fr-footer__bottom-item')}>
                <Link
                  className={fr.cx('fr-footer__bottom-link')}
                  to="/conditions-generales-d-utilisation"
                >
                  Conditions générales d'utilisation
                </Link>
              </li>
              {settings.cookieConsentEnabled ? (
                <li className={fr.cx('fr-footer__bottom-item')}>
                  <Suspense fallback={null}>
                    <FooterConsentItem />
                  </Suspense>
                </li>
              ) : null}
            </ul>
            <div className={fr.cx('fr-footer__bottom-copy')}>
              <p>
                © {COPYRIGHT_YEAR} {appName}
              </p>
            </div>
          </div>
        </div>
      </footer>
      <BackToTop />
    </>
  );
}

function ShareLinks({ appName }: { appName: string }) {
  // The public address of the current page (the same on the server and in the browser).
  const { settings } = usePageConfig();
  const { pathname, search } = useLocation();
  // A page of a personal link (a token in its address) or of the account area is not shared.
  const route = routeForPath(pathname);
  if (route.personal || route.auth) return null;
  const links = shareLinks(publicPageUrl(settings.appUrl, pathname + search), appName);
  const items = [
    { label: 'Partager sur Facebook', href: links.facebook, className: 'fr-btn--facebook' },
    { label: 'Partager sur Twitter', href: links.twitter, className: 'fr-btn--twitter-x' },
    { label: 'Partager sur LinkedIn', href: links.linkedin, className: 'fr-btn--linkedin' },
  ] as const;
  return (
    <div className={fr.cx('fr-share')}>
      <p className={fr.cx('fr-share__title')}>Partager la page</p>
      <ul className={fr.cx('fr-btns-group')}>
        {items.map((item) => (
          <li key={item.label}>
            <a
              className={fr.cx(item.className, 'fr-btn')}
              href={item.href}
              target="_blank"
              rel="noopener noreferrer"
              title={`${item.label} - nouvelle fenêtre`}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Newsletter sign-up. With an e-mail-marketing provider (settings.newsletterFormUrl), a valid form
 * is posted natively to it in a new tab, with the spec's fields (EMAIL, the honeypot, locale).
 * Without one, the address goes to the built-in list (POST /api/newsletter/subscriptions), which
 * e-mails a confirmation link: the answer says to check the mailbox, since nothing is confirmed
 * yet; the link lands on the 'newsletter-subscribed' pop-up.
 */
function NewsletterForm() {
  const { settings } = usePageConfig();
  const action = settings.newsletterFormUrl;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  // `text`: the spec's message (§8); `reason`: the server's, shown below it.
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; reason?: string } | null>(
    null,
  );
  const [processing, setProcessing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const running = useRef(false);

  const subscribe = async (honeypot: string) => {
    setOutcome(null);
    setProcessing(true);
    try {
      const result = await api.post<{ message: string }>(NEWSLETTER_SUBSCRIBE_PATH, {
        EMAIL: email,
        [HONEYPOT_FIELD]: honeypot,
        locale: DEFAULT_LOCALE,
      });
      setEmail('');
      setOutcome({ ok: true, text: result.message });
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.errors.EMAIL?.[0] : undefined;
      if (fieldError) {
        setError(fieldError);
        input.current?.focus();
      } else {
        const reason = failure instanceof ApiError ? failure.message : undefined;
        setOutcome({ ok: false, text: NEWSLETTER_FAILURE, reason });
      }
    } finally {
      running.current = false;
      setProcessing(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const problem = emailError(email);
    setError(problem);
    if (problem) {
      event.preventDefault();
      setOutcome(null);
      input.current?.focus();
      return;
    }
    if (action) return; // native submission to the provider
    event.preventDefault();
    if (running.current) return; // one sign-up at a time
    running.current = true;
    const honeypot = event.currentTarget.elements.namedItem(HONEYPOT_FIELD);
    void subscribe(honeypot instanceof HTMLInputElement ? honeypot.value : '');
  };

  const messagesId = 'newsletter-email-messages';
  return (
    <div className={fr.cx('fr-follow__newsletter')}>
      <div>
        <h2 className={fr.cx('fr-h5')}>Abonnez-vous à notre lettre d'information</h2>
        <p className={fr.cx('fr-text--sm')}>
          Recevez les actualités de l'alimentation saine et durable en Nouvelle-Aquitaine.
        </p>
      </div>
      <div>
        <form
          noValidate
          onSubmit={submit}
          aria-busy={processing || undefined}
          {...(action ? { action, method: 'post', target: '_blank' } : {})}
        >
          <div className={fr.cx('fr-input-group', error ? 'fr-input-group--error' : undefined)}>
            <label className={fr.cx('fr-label')} htmlFor="newsletter-email">
              {NEWSLETTER_EMAIL_LABEL}
            </label>
            <div className={fr.cx('fr-input-wrap', 'fr-input-wrap--addon')}>
              <input
                ref={input}
                className={fr.cx('fr-input', error ? 'fr-input--error' : undefined)}
                id="newsletter-email"
                name="EMAIL"
                type="email"
                autoComplete="email"
                placeholder="nom@domaine.fr"
                aria-describedby={`${messagesId} newsletter-hint`}
                aria-invalid={error ? true : undefined}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <button className={fr.cx('fr-btn')} type="submit" disabled={processing}>
                S'abonner
              </button>
            </div>
            <div className={fr.cx('fr-messages-group')} id={messagesId} aria-live="polite">
              {error ? <p className={fr.cx('fr-error-text')}>{error}</p> : null}
            </div>
          </div>
          <div className="app-honeypot" aria-hidden="true">
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </div>
          <input type="hidden" name="locale" value={DEFAULT_LOCALE} />
          <p id="newsletter-hint" className={fr.cx('fr-hint-text')}>
            En renseignant votre adresse électronique, vous acceptez de recevoir nos actualités par
            courriel. Vous pouvez vous désinscrire à tout moment à l'aide des liens de
            désinscription.
          </p>
          <div aria-live="polite">
            {outcome?.ok ? (
              <div className={fr.cx('fr-alert', 'fr-alert--success', 'fr-alert--sm')}>
                <p>{outcome.text}</p>
              </div>
            ) : null}
          </div>
          <div aria-live="assertive">
            {outcome && !outcome.ok ? (
              <div className={fr.cx('fr-alert', 'fr-alert--error', 'fr-alert--sm')}>
                <p>{outcome.text}</p>
                {outcome.reason ? <p>{outcome.reason}</p> : null}
              </div>
            ) : null}
          </div>
        </form>
      </div>
    </div>
  );
}

function BackToTop() {
  const visible = useScrolledPast(BACK_TO_TOP_SCROLL_PX);
  if (!visible) return null;
  return (
    <a
      className={`${fr.cx('fr-link', 'fr-icon-arrow-up-fill', 'fr-link--icon-left')} app-back-to-top`}
      href="#top"
      onClick={(event) => {
        event.preventDefault();
        window.scrollTo({ top: 0 });
        document.getElementById('top')?.focus({ preventScroll: true });
      }}
    >
      Haut de page
    </a>
  );
}
