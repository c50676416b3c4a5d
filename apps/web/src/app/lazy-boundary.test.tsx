import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyBoundary } from './lazy-boundary.tsx';
import { lazyComponent } from './lazy-component.tsx';

function Form() {
  return <p>Le formulaire</p>;
}

afterEach(cleanup);

describe('LazyBoundary with a lazy component', () => {
  it('shows a loader, then the component', async () => {
    const Lazy = lazyComponent(() => Promise.resolve(Form));
    render(
      <LazyBoundary>
        <Lazy />
      </LazyBoundary>,
    );
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeTruthy();
    expect(await screen.findByText('Le formulaire')).toBeTruthy();
  });

  it('says when the code cannot be loaded, in its place only, and loads it again on « Réessayer »', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Form>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Form);
    const Lazy = lazyComponent(load);
    render(
      <main>
        <h1>La page</h1>
        <LazyBoundary>
          <Lazy />
        </LazyBoundary>
      </main>,
    );
    const alert = await screen.findByRole('alert');
    // Tried once, not again and again.
    expect(load).toHaveBeenCalledTimes(1);
    expect(alert.textContent).toContain("n'a pas pu s'afficher");
    expect(screen.getByRole('heading', { name: 'La page' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Réessayer' })));
    expect(await screen.findByText('Le formulaire')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockRestore();
  });
});
