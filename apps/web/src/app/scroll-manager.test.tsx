import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ScrollManager } from './scroll-manager.tsx';

function setup(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ScrollManager />
            <div id="section">section</div>
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Simulates the user scrolling: jsdom has no layout, so `scrollY` is set by hand. */
function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}
function userScrollsTo(y: number) {
  setScrollY(y);
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollManager (spec §2 scroll rule)', () => {
  // The mock moves the page like a browser would, so the restore retry loop stops.
  const scrollTo = vi.fn((_x: number, y: number) => setScrollY(y));
  const scrollIntoView = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('scrollTo', scrollTo);
    Element.prototype.scrollIntoView = scrollIntoView;
    setScrollY(0);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    scrollTo.mockClear();
    scrollIntoView.mockClear();
  });

  it('leaves the first load alone and scrolls to the top when the route name changes', async () => {
    const router = setup('/a-propos');
    expect(scrollTo).not.toHaveBeenCalled();
    userScrollsTo(800);
    await act(() => router.navigate('/glossaire'));
    expect(router.state.location.pathname).toBe('/glossaire');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the position when only the query changes (same route name)', async () => {
    const router = setup('/actualites');
    userScrollsTo(800);
    await act(() => router.navigate('/actualites?page=2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the position when only the parameter changes (same route name)', async () => {
    const router = setup('/actualites/a');
    userScrollsTo(800);
    await act(() => router.navigate('/actualites/b'));
    expect(router.state.location.pathname).toBe('/actualites/b');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls the hash target into view instead of the top', async () => {
    const router = setup('/a-propos');
    userScrollsTo(800);
    await act(() => router.navigate('/glossaire#section'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('section'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("waits for a hash's element that a lazy page renders later, from the page's top", async () => {
    const router = setup('/recherche');
    userScrollsTo(800);
    await act(() => router.navigate('/annuaire#contact-12'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(scrollIntoView).not.toHaveBeenCalled();
    // The card comes 1.5 s later (the page's chunk, then its list): 90 frames.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const card = document.createElement('div');
    card.id = 'contact-12';
    document.body.append(card);
    await waitFor(() => expect(scrollIntoView.mock.contexts).toEqual([card]));
    card.remove();
  });

  it('stops waiting for the element once the visitor scrolls', async () => {
    const router = setup('/recherche');
    await act(() => router.navigate('/annuaire#contact-13'));
    window.dispatchEvent(new Event('wheel'));
    const card = document.createElement('div');
    card.id = 'contact-13';
    document.body.append(card);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(scrollIntoView).not.toHaveBeenCalled();
    card.remove();
  });

  it('restores the saved position on back', async () => {
    const router = setup('/a-propos');
    userScrollsTo(640);
    await act(() => router.navigate('/glossaire'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    userScrollsTo(120);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/a-propos');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
