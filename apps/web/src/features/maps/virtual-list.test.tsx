import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VirtualList } from './virtual-list.tsx';

const ITEMS = Array.from({ length: 1000 }, (_, index) => ({ id: index + 1 }));

function List({ items = ITEMS }: { items?: readonly { id: number }[] }) {
  return (
    <VirtualList
      items={items}
      rowHeight={40}
      itemKey={(item) => item.id}
      renderItem={(item) => <a href={`#${item.id}`}>Élément {item.id}</a>}
      label="Liste"
    />
  );
}

/** The positions of the rendered rows, in document order. */
const positions = () =>
  screen.getAllByRole('listitem').map((row) => Number(row.getAttribute('aria-posinset')));

// jsdom has no layout: the box never scrolls, as when Tab outruns the browser's scroll.
const NativeResizeObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => {
  globalThis.ResizeObserver = NativeResizeObserver;
});
afterEach(cleanup);

describe('VirtualList', () => {
  it('renders the first rows with their position in the whole list', () => {
    render(<List />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveProperty('ariaSetSize', '1000');
    expect(positions()).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  it('says the size of the whole list when only its beginning is here', () => {
    render(
      <VirtualList
        items={ITEMS.slice(0, 30)}
        rowHeight={40}
        itemKey={(item) => item.id}
        renderItem={(item) => <a href={`#${item.id}`}>Élément {item.id}</a>}
        label="Liste"
        total={18_000}
      />,
    );
    expect(screen.getAllByRole('listitem')[0]).toHaveProperty('ariaSetSize', '18000');
  });

  it('keeps the rows after the focused one rendered before the box scrolls', () => {
    render(<List />);
    // By text: a query by role computes the accessibility tree, which under load made this loop
    // outlast the test's 5 s.
    for (let id = 30; id <= 60; id++) {
      act(() => screen.getByText(`Élément ${id}`).focus());
    }
    const shown = positions();
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(shown).toContain(66);
    expect(document.activeElement).toHaveProperty('textContent', 'Élément 60');
  });

  it('keeps the rows before the focused one for Shift+Tab', () => {
    render(<List />);
    act(() => screen.getByRole('link', { name: 'Élément 30' }).focus());
    for (let id = 36; id <= 120; id += 6) {
      act(() => screen.getByText(`Élément ${id}`).focus());
    }
    expect(positions()).toEqual(expect.arrayContaining([114, 115, 119, 121, 126]));
  });

  it('keeps the focused row when the window loses the focus', () => {
    render(<List />);
    act(() => screen.getByRole('link', { name: 'Élément 30' }).focus());
    const link = screen.getByRole('link', { name: 'Élément 36' });
    act(() => link.focus());
    // Another window or tab: the focus leaves for nothing and stays on the row.
    act(() => {
      link.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    });
    expect(document.activeElement).toBe(link);
    expect(positions()).toContain(42);
  });

  it('follows the focused item into a new list', () => {
    const { rerender } = render(<List />);
    act(() => screen.getByRole('link', { name: 'Élément 30' }).focus());
    const link = screen.getByRole('link', { name: 'Élément 36' });
    act(() => link.focus());
    // 100 items before it: its row is now the 136th.
    const more = [...Array.from({ length: 100 }, (_, index) => ({ id: 2000 + index })), ...ITEMS];
    rerender(<List items={more} />);
    expect(document.activeElement).toBe(link);
    expect(link.closest('li')!.getAttribute('aria-posinset')).toBe('136');
    expect(positions()).toContain(142);
  });

  it('drops the rows around the focus once it leaves the list', () => {
    render(
      <>
        <List />
        <button type="button">Ailleurs</button>
      </>,
    );
    act(() => screen.getByRole('link', { name: 'Élément 30' }).focus());
    act(() => screen.getByRole('link', { name: 'Élément 36' }).focus());
    expect(positions()).toContain(42);
    act(() => screen.getByRole('button', { name: 'Ailleurs' }).focus());
    expect(Math.max(...positions())).toBe(30);
  });
});
