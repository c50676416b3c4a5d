import { useEffect, useRef, useState } from 'react';
import { COMMUNE_OPTIONS_MAX, SEARCH_DEBOUNCE_MS } from '@ad/contract';

export type SearchStatus = 'idle' | 'pending' | 'loading' | 'done' | 'error';

/**
 * Results of a remote search for the text the user types (spec §5, §9): 500 ms after the last
 * keystroke, skipped when the text is blank, the previous request aborted, at most 50 results.
 * `query` changes only when the user types, so that filling the field after a choice does not
 * search again.
 */
export function useDebouncedSearch<Option>(
  query: string,
  search: ((text: string, signal: AbortSignal) => Promise<Option[]>) | undefined,
  { delayMs = SEARCH_DEBOUNCE_MS, max = COMMUNE_OPTIONS_MAX } = {},
) {
  const [results, setResults] = useState<Option[]>([]);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    const text = query.trim();
    if (!searchRef.current || !text) {
      setResults([]);
      setStatus('idle');
      return;
    }
    setStatus('pending');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const run = searchRef.current;
      if (!run) return;
      setStatus('loading');
      run(text, controller.signal).then(
        (options) => {
          if (controller.signal.aborted) return;
          setResults(options.slice(0, max));
          setStatus('done');
        },
        () => {
          if (controller.signal.aborted) return;
          setResults([]);
          setStatus('error');
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, delayMs, max]);

  return { results, status };
}

/** Lower case without accents, so that 'ecole' finds 'École' (spec: accent-insensitive). */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
