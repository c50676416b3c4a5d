import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Loader } from './loader.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Loader', () => {
  it('puts its live region in the page first, then the text a screen reader says', () => {
    vi.useFakeTimers();
    render(<Loader />);
    const status = screen.getByRole('status', { name: 'Chargement' });
    expect(status.textContent).toBe('');
    act(() => vi.advanceTimersByTime(100));
    expect(status.textContent).toBe('Chargement…');
  });

  it('renders its children once nothing is loading', () => {
    render(<Loader loading={false}>Le contenu</Loader>);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Le contenu')).toBeTruthy();
  });
});
