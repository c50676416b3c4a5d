import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@ad/contract';
import { MapSearch } from './map-filters-bar.tsx';

/** The page's part: the query's `q`, set by the search (trimmed) or from elsewhere. */
function Page() {
  const [q, setQ] = useState('');
  return (
    <>
      <MapSearch q={q} onSearch={(value) => setQ(value.trim())} />
      <button type="button" onClick={() => setQ('')}>
        Voir les initiatives liées
      </button>
      <output>{q}</output>
    </>
  );
}

const field = () =>
  screen.getByLabelText<HTMLInputElement>('Rechercher une initiative ou une démarche');
const applied = () => screen.getByRole('status').textContent;

describe('MapSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('applies the text after the pause and keeps what was typed meanwhile', () => {
    render(<Page />);
    fireEvent.change(field(), { target: { value: 'marché ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(applied()).toBe('marché');
    // The search came back trimmed: the space the visitor typed stays, and so does the rest.
    expect(field().value).toBe('marché ');
    fireEvent.change(field(), { target: { value: 'marché bio' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(applied()).toBe('marché bio');
    expect(field().value).toBe('marché bio');
  });

  it('shows a search changed elsewhere', () => {
    render(<Page />);
    fireEvent.change(field(), { target: { value: 'verger' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(applied()).toBe('verger');
    act(() => screen.getByRole('button', { name: 'Voir les initiatives liées' }).click());
    expect(field().value).toBe('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(applied()).toBe('');
  });
});
