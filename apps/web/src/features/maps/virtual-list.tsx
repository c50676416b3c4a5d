import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** Rows rendered before the scroll container is measured (the server's render, hydration). */
const INITIAL_ROWS = 24;
/** Rows kept rendered above and below the visible ones. */
const OVERSCAN = 6;

/**
 * A long list in a scrolling box that renders only the rows in view (tens of thousands of map
 * items stay light). Rows have a fixed height and stay in document order. The row holding the
 * focus and a few rows on each side of it are always rendered, wherever the box is scrolled, so
 * Tab and Shift+Tab move from row to row: the browser scrolls to the focused row later (in a
 * later frame, smoothly), and the rows beyond it are rendered as the focus arrives. Each row says
 * its position in the whole list (aria-setsize, aria-posinset) to screen readers.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  itemKey,
  renderItem,
  label,
  total,
  className,
}: {
  items: readonly T[];
  /** Height of a row in pixels. */
  rowHeight: number;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  label: string;
  /** The size of the whole list when only its beginning is here (aria-setsize). */
  total?: number;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: INITIAL_ROWS * rowHeight });
  // The item whose row holds the focus (its key, and its index then), or null.
  const [focus, setFocus] = useState<{ key: string; index: number } | null>(null);
  // The key function of the last render, for the effect below (which runs for new items only).
  const keyOf = useRef(itemKey);
  useLayoutEffect(() => {
    keyOf.current = itemKey;
  });

  // Set by a scroll: the list is not at its top any more (reset when the items change).
  const scrolled = useRef(false);

  useEffect(() => {
    const element = box.current!;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = element.scrollTop;
      const height = element.clientHeight;
      setView((current) =>
        current.top === top && current.height === height ? current : { top, height },
      );
    };
    const onScroll = () => {
      scrolled.current = true;
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Chromium scrolls the row focused by Tab into view after focusin, and smoothly: quick presses
    // outrun the scroll events. Rendering around the focused row keeps the next one there.
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as Element).closest('li[data-key]');
      setFocus(
        row && element.contains(row)
          ? {
              key: row.getAttribute('data-key')!,
              index: Number(row.getAttribute('aria-posinset')) - 1,
            }
          : null,
      );
    };
    // The focus left the list (not the window: switching to another keeps it on its row).
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget ?? document.activeElement;
      if (!(next instanceof Node && element.contains(next))) setFocus(null);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    // Called once laid out (at once for the first size): reading the box costs no layout there.
    const observer = new ResizeObserver(() => {
      if (frame) cancelAnimationFrame(frame);
      measure();
    });
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // A new list starts at its top (writing the position would lay the page out: only if moved),
  // unless it continues the previous one (the same first rows, more after them).
  const shown = useRef(items);
  useEffect(() => {
    const previous = shown.current;
    shown.current = items;
    if (!box.current || !scrolled.current || continues(previous, items, keyOf.current)) return;
    box.current.scrollTop = 0;
    scrolled.current = false;
  }, [items]);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const indexes = range(first, last);
  // The focused item's row, where the list has it now (a new list may have moved it).
  const focused = !focus
    ? -1
    : items[focus.index] !== undefined && String(itemKey(items[focus.index]!)) === focus.key
      ? focus.index
      : items.findIndex((item) => String(itemKey(item)) === focus.key);
  if (focused >= 0) {
    // The focused row's neighbours, merged in order with the rows in view.
    const around = range(
      Math.max(0, focused - OVERSCAN),
      Math.min(items.length, focused + OVERSCAN + 1),
    );
    indexes.unshift(...around.filter((index) => index < first));
    indexes.push(...around.filter((index) => index >= last));
  }
  const rows: ReactNode[] = [];
  for (const index of indexes) {
    const item = items[index]!;
    const key = itemKey(item);
    rows.push(
      <li
        key={key}
        data-key={key}
        aria-setsize={Math.max(total ?? 0, items.length)}
        aria-posinset={index + 1}
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        {renderItem(item)}
      </li>,
    );
  }
  return (
    <div ref={box} className={`ad-virtual-list ${className ?? ''}`}>
      <ul aria-label={label} style={{ height: items.length * rowHeight }}>
        {rows}
      </ul>
    </div>
  );
}

/** The integers from `start` (included) to `end` (excluded). */
function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, offset) => start + offset);
}

/**
 * Whether `next` continues `previous`: the same list, or the same rows and more after them (the
 * first page of a list, then the whole list; compared at both ends of `previous`). The same rows
 * fetched again for a new query make a new list.
 */
function continues<T>(
  previous: readonly T[],
  next: readonly T[],
  itemKey: (item: T) => string | number,
): boolean {
  const length = previous.length;
  if (length === 0 || next.length < length) return false;
  const [first, last] = [previous[0]!, previous[length - 1]!];
  if (next.length === length) return next[0] === first && next[length - 1] === last;
  return itemKey(next[0]!) === itemKey(first) && itemKey(next[length - 1]!) === itemKey(last);
}
