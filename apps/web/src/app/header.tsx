import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
} from 'react';
import { fr } from '../lib/fr.ts';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LOGO_SHRINK_SCROLL_PX } from '@ad/contract';
import { usePageConfig } from './page-config.ts';
import { useDismiss, useScrolledPast } from './hooks.ts';
import { logout } from './logout.ts';
import { NativeDialog } from './native-dialog.tsx';
import {
  ACCOUNT_LINKS,
  MODERATION_LINK,
  ANONYMOUS_ACCOUNT_LINKS,
  LOGOUT_LABEL,
  LOGOUT_PATH,
  MAIN_LINKS,
  MOBILE_EXTRA_LINKS,
  SEARCH_PATH,
  type NavEntry,
} from './nav-links.ts';
import { CloseButton } from './close-button.tsx';
import { focusPageStart } from './focus-manager.tsx';

export const HEADER_TAGLINE = 'Les initiatives pour une alimentation saine et durable';

const SEARCH_ID = 'header-search';
const ACCOUNT_ID = 'header-account';
const MENU_ID = 'header-menu';

/**
 * Site header (spec §2 shared frame, §4 header states), built with DSFR classes but driven by
 * React state: the DSFR header script expects its own markup for the search and menu modals,
 * which would fight with the router, so popovers and the mobile menu are ours.
 * Below 768 px (spec mobile breakpoint; app.css moves the DSFR 992 px switch) the navbar buttons
 * 'Rechercher' and 'Menu' replace the tools and nav.
 */
export function Header() {
  const { appName, user } = usePageConfig();
  const location = useLocation();
  const reduced = useScrolledPast(LOGO_SHRINK_SCROLL_PX);

  const [searchOpen, setSearchOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const searchOpener = useRef<HTMLButtonElement | null>(null);

  // Any navigation closes whatever is open.
  useEffect(() => {
    setSearchOpen(false);
    setAccountOpen(false);
    setMenuOpen(false);
  }, [location.key]);

  // Page scroll is locked while the mobile menu is open (spec §2).
  useEffect(() => {
    if (!menuOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [menuOpen]);

  const toggleSearch = (event: MouseEvent<HTMLButtonElement>) => {
    searchOpener.current = event.currentTarget;
    setAccountOpen(false);
    setSearchOpen((open) => !open);
  };

  const closeSearch = useCallback((returnFocus: boolean) => {
    setSearchOpen(false);
    if (returnFocus) searchOpener.current?.focus();
  }, []);

  return (
    <header role="banner" className={fr.cx('fr-header')} id="top" tabIndex={-1}>
      <div className={fr.cx('fr-header__body')}>
        <div className={fr.cx('fr-container')}>
          <div className={fr.cx('fr-header__body-row')}>
            <div
              className={`${fr.cx('fr-header__brand', 'fr-enlarge-link')} app-header__brand${
                reduced ? ' is-reduced' : ''
              }`}
            >
              <div className={fr.cx('fr-header__brand-top')}>
                <div className={fr.cx('fr-header__logo')}>
                  <p className={fr.cx('fr-logo')}>
                    République
                    <br />
                    Française
                  </p>
                </div>
                <div className={fr.cx('fr-header__navbar')}>
                  <button
                    type="button"
                    className={fr.cx('fr-btn--search', 'fr-btn')}
                    title="Rechercher"
                    aria-expanded={searchOpen}
                    aria-controls={SEARCH_ID}
                    data-search-opener=""
                    onClick={toggleSearch}
                  >
                    Rechercher
                  </button>
                  <button
                    type="button"
                    className={fr.cx('fr-btn--menu', 'fr-btn')}
                    title="Menu"
                    aria-haspopup="dialog"
                    aria-expanded={menuOpen}
                    aria-controls={MENU_ID}
                    onClick={() => {
                      setSearchOpen(false);
                      setMenuOpen(true);
                    }}
                  >
                    Menu
                  </button>
                </div>
              </div>
              <div className={fr.cx('fr-header__service')}>
                <Link to="/" title={`Accueil - ${appName}`}>
                  <p className={fr.cx('fr-header__service-title')}>{appName}</p>
                </Link>
                <p className={fr.cx('fr-header__service-tagline')}>{HEADER_TAGLINE}</p>
              </div>
            </div>

            <div className={fr.cx('fr-header__tools')}>
              <div className="app-header__tools">
                <AccountPopover
                  open={accountOpen}
                  setOpen={(open) => {
                    if (open) setSearchOpen(false);
                    setAccountOpen(open);
                  }}
                  signedIn={!!user}
                />
                <button
                  type="button"
                  className={fr.cx(
                    'fr-btn',
                    'fr-btn--tertiary-no-outline',
                    'fr-btn--icon-left',
                    'fr-icon-search-line',
                  )}
                  aria-expanded={searchOpen}
                  aria-controls={SEARCH_ID}
                  data-search-opener=""
                  onClick={toggleSearch}
                >
                  Rechercher
                </button>
              </div>
            </div>
          </div>
          <SearchPopover open={searchOpen} onClose={closeSearch} />
        </div>
      </div>

      <div className={`${fr.cx('fr-header__menu')} app-header__menu`}>
        <div className={fr.cx('fr-container')}>
          <MainNav id="header-navigation" links={MAIN_LINKS} />
        </div>
      </div>
      {/* The DSFR header script reads this block; we render the mobile links ourselves. */}
      <div className={fr.cx('fr-header__menu-links')} hidden />

      <NativeDialog
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        id={MENU_ID}
        label="Menu"
        className="app-menu"
      >
        <div className={`${fr.cx('fr-container')} app-menu__inner`}>
          <div className="app-menu__top">
            <CloseButton title="Fermer le menu" onClick={() => setMenuOpen(false)} />
          </div>
          <MainNav links={[...MAIN_LINKS, ...MOBILE_EXTRA_LINKS]} />
          <div className="app-menu__account" role="group" aria-labelledby="menu-account-title">
            <p className={fr.cx('fr-h6', 'fr-mb-2w')} id="menu-account-title">
              Mon espace
            </p>
            <AccountLinks signedIn={!!user} />
          </div>
        </div>
      </NativeDialog>
    </header>
  );
}

function MainNav({ id, links }: { id?: string; links: NavEntry[] }) {
  return (
    <nav className={fr.cx('fr-nav')} id={id} role="navigation" aria-label="Menu principal">
      <ul className={fr.cx('fr-nav__list')}>
        {links.map((link) => (
          <li className={fr.cx('fr-nav__item')} key={link.to}>
            <NavLink to={link.to} className={fr.cx('fr-nav__link')}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AccountLinks({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const { user } = usePageConfig();
  const canModerate = user?.role === 'moderator' || user?.role === 'admin';
  if (!signedIn) {
    return (
      <ul className="app-account-links">
        <li>
          <Link
            to={ANONYMOUS_ACCOUNT_LINKS[0]!.to}
            className={fr.cx('fr-link', 'fr-link--icon-left', 'fr-icon-lock-line')}
            onClick={onNavigate}
          >
            {ANONYMOUS_ACCOUNT_LINKS[0]!.label}
          </Link>
        </li>
        <li>
          <Link
            to={ANONYMOUS_ACCOUNT_LINKS[1]!.to}
            className={fr.cx('fr-link', 'fr-link--icon-left', 'fr-icon-account-circle-line')}
            onClick={onNavigate}
          >
            {ANONYMOUS_ACCOUNT_LINKS[1]!.label}
          </Link>
        </li>
      </ul>
    );
  }
  return (
    <ul className="app-account-links">
      {[...ACCOUNT_LINKS, ...(canModerate ? [MODERATION_LINK] : [])].map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className={fr.cx('fr-link', 'fr-link--icon-left', 'fr-icon-arrow-right-line')}
            onClick={onNavigate}
          >
            {link.label}
          </Link>
        </li>
      ))}
      <li>
        <a
          href={LOGOUT_PATH}
          className={fr.cx('fr-link', 'fr-link--icon-left', 'fr-icon-logout-box-r-line')}
          onClick={(event) => {
            event.preventDefault();
            void logout();
          }}
        >
          {LOGOUT_LABEL}
        </a>
      </li>
    </ul>
  );
}

function AccountPopover({
  open,
  setOpen,
  signedIn,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  signedIn: boolean;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refs = useMemo(() => [wrapper], []);
  const onEscape = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, [setOpen]);
  const onOutside = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(open, refs, onEscape, onOutside);

  return (
    <div
      className="app-popover-anchor"
      ref={wrapper}
      onBlur={(event) => {
        // Tabbing out of the popover closes it.
        const next = event.relatedTarget as Node | null;
        if (open && next && !wrapper.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={fr.cx(
          'fr-btn',
          'fr-btn--tertiary-no-outline',
          'fr-btn--icon-left',
          'fr-icon-account-circle-line',
        )}
        aria-expanded={open}
        aria-controls={ACCOUNT_ID}
        onClick={() => setOpen(!open)}
      >
        Mon Espace
      </button>
      <div id={ACCOUNT_ID} className="app-popover app-popover--account" hidden={!open}>
        <AccountLinks signedIn={signedIn} onNavigate={() => setOpen(false)} />
      </div>
    </div>
  );
}

function SearchPopover({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (returnFocus: boolean) => void;
}) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // Closing clears the field (spec §2); opening moves focus into it.
  useEffect(() => {
    if (open) input.current?.focus();
    else setTerm('');
  }, [open]);

  const refs = useMemo(() => [panel], []);
  const onEscape = useCallback(() => onClose(true), [onClose]);
  // The opener buttons live elsewhere in the header: a press on them toggles the popover.
  const onOutside = useCallback(
    (target: Node) => {
      if (target instanceof Element && target.closest('[data-search-opener]')) return;
      onClose(false);
    },
    [onClose],
  );
  useDismiss(open, refs, onEscape, onOutside);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = term.trim();
    if (!q) return;
    const onResults = window.location.pathname === SEARCH_PATH;
    navigate(`${SEARCH_PATH}?q=${encodeURIComponent(q)}`);
    onClose(false);
    // Already on the results, only the query changes: the FocusManager leaves the focus alone,
    // and the closed popover just lost it.
    if (onResults) requestAnimationFrame(focusPageStart);
  };

  return (
    <div
      ref={panel}
      id={SEARCH_ID}
      className="app-popover app-popover--search"
      // A dialog once opened; without JavaScript it is shown in the header as a plain block.
      role={open ? 'dialog' : undefined}
      aria-labelledby={open ? `${SEARCH_ID}-title` : undefined}
      hidden={!open}
    >
      <div className="app-popover__head">
        <p className={fr.cx('fr-h6', 'fr-mb-0')} id={`${SEARCH_ID}-title`}>
          Rechercher sur le site
        </p>
        <CloseButton title="Fermer la recherche" onClick={() => onClose(true)} />
      </div>
      <form role="search" action={SEARCH_PATH} onSubmit={submit} className={fr.cx('fr-mt-2w')}>
        <div className={fr.cx('fr-search-bar')}>
          <label className={fr.cx('fr-label')} htmlFor={`${SEARCH_ID}-input`}>
            Rechercher sur le site
          </label>
          <input
            ref={input}
            className={fr.cx('fr-input')}
            id={`${SEARCH_ID}-input`}
            name="q"
            type="search"
            placeholder="Rechercher"
            autoComplete="off"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <button type="submit" className={fr.cx('fr-btn')} title="Rechercher">
            Rechercher
          </button>
        </div>
      </form>
    </div>
  );
}
