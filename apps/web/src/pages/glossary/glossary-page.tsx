import { useEffect, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { hashTarget } from '../../lib/url-hash.ts';
import { useQuery } from '@tanstack/react-query';
import { glossaryAnchor } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { EmptyResults } from '../../features/lists/pagination.tsx';
import {
  OTHER_LETTER,
  glossaryQuery,
  letterAnchor,
  type GlossaryByLetter,
  type GlossaryEntry,
} from './glossary.ts';
import './glossary-page.css';

/**
 * The glossary (spec public-site §2): entries grouped by letter, collapsible on tablet and below
 * with the first group open, all shown on desktop.
 *
 * One markup serves both: each group is a DSFR accordion whose panel is hidden by a class that
 * only applies below 1024 px (glossary-page.css), and on desktop the accordion button gives way
 * to a plain heading. Nothing depends on the window's size while rendering, so the server's HTML
 * and the hydrated page are the same at every width.
 */
export function GlossaryPage() {
  const { data, error } = useQuery({ ...glossaryQuery(), select: (response) => response.data });

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Glossaire</h1>
      {error ? (
        <p role="alert">{error.message}</p>
      ) : !data ? (
        <Loader />
      ) : Object.keys(data).length === 0 ? (
        <EmptyResults />
      ) : (
        <Glossary groups={data} />
      )}
    </div>
  );
}

function Glossary({ groups }: { groups: GlossaryByLetter }) {
  const letters = Object.keys(groups);
  // Letters whose group is open on tablet and below (desktop shows them all).
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(letters.slice(0, 1)));
  const setLetterOpen = (letter: string, value: boolean) =>
    setOpen((current) => withLetter(current, letter, value));
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);

  // A link to a letter (the index, or a shared /glossaire#lettre-e) or to an entry (a search
  // result: /glossaire#circuit-court) opens its group. The server never sees the hash: this runs
  // after hydration.
  useEffect(() => {
    const openFromHash = () => {
      const hash = hashTarget(window.location.hash);
      if (!hash) return;
      const letter = Object.keys(groups).find(
        (l) =>
          letterAnchor(l) === hash ||
          (groups[l] ?? []).some((entry) => glossaryAnchor(entry.title) === hash),
      );
      if (!letter) return;
      setOpen((current) => withLetter(current, letter, true));
      // The group was closed (hidden) when the browser tried to scroll to the entry: scroll
      // once React has shown it.
      setScrollTarget(hash);
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [groups]);

  useEffect(() => {
    if (!scrollTarget) return;
    document.getElementById(scrollTarget)?.scrollIntoView();
    setScrollTarget(null);
  }, [open, scrollTarget]);

  return (
    <>
      <nav className="app-glossary-index" aria-label="Index alphabétique">
        <ul>
          {letters.map((letter) => (
            <li key={letter}>
              <a
                href={`#${letterAnchor(letter)}`}
                className={fr.cx('fr-link')}
                onClick={() => setLetterOpen(letter, true)}
              >
                <LetterLabel letter={letter} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="app-glossary">
        {letters.map((letter) => (
          <LetterGroup
            key={letter}
            letter={letter}
            entries={groups[letter] ?? []}
            open={open.has(letter)}
            onToggle={() => setLetterOpen(letter, !open.has(letter))}
          />
        ))}
      </div>
    </>
  );
}

function LetterGroup({
  letter,
  entries,
  open,
  onToggle,
}: {
  letter: string;
  entries: GlossaryEntry[];
  open: boolean;
  onToggle: () => void;
}) {
  const anchor = letterAnchor(letter);
  const panelId = `${anchor}-termes`;
  return (
    <section className={fr.cx('fr-accordion')} id={anchor}>
      <h2 className={`${fr.cx('fr-accordion__title')} app-glossary__letter`}>
        {/* Tablet and below: the DSFR accordion button. */}
        <button
          type="button"
          className={`${fr.cx('fr-accordion__btn')} app-glossary__toggle`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <LetterLabel letter={letter} />
        </button>
        {/* Desktop: a plain heading (the button is not displayed, nor in the accessibility tree). */}
        <span className="app-glossary__heading">
          <LetterLabel letter={letter} />
        </span>
      </h2>
      <div
        id={panelId}
        className={open ? 'app-glossary__panel' : 'app-glossary__panel app-glossary__panel--closed'}
      >
        <dl className="app-glossary__entries">
          {entries.map((entry, index) => (
            <div
              key={`${entry.title}-${index}`}
              id={glossaryAnchor(entry.title)}
              className="app-glossary__entry"
            >
              <dt className={fr.cx('fr-text--lg', 'fr-text--bold', 'fr-mb-1v')}>{entry.title}</dt>
              <dd className={fr.cx('fr-mb-0')}>{entry.definition}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function LetterLabel({ letter }: { letter: string }) {
  if (letter !== OTHER_LETTER) return <>{letter}</>;
  return (
    <>
      <span aria-hidden="true">{OTHER_LETTER}</span>
      <span className={fr.cx('fr-sr-only')}>Chiffres et autres caractères</span>
    </>
  );
}

function withLetter(set: ReadonlySet<string>, letter: string, open: boolean): ReadonlySet<string> {
  if (set.has(letter) === open) return set;
  const next = new Set(set);
  if (open) next.add(letter);
  else next.delete(letter);
  return next;
}
