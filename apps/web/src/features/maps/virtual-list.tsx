import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Rows rendered before the scroll container is measured (the server's render, hydration). */
const INITIAL_ROWS = 24;
/** Rows kept rendered above and below the visible ones. */
const OVERSCAN = 6;

/**
 * A long list in a scrolling box that renders only the rows in view (tens of thousands of map
 * items stay light). Rows have a fixed height. The rendered rows stay in document order, and a
 * few rows beyond the view are always rendered, so Tab moves from row to row: the browser scrolls
 * the focused row into view, and the rows after it are rendered as the focus arrives. Each row
 * says its position in the whole list (aria-setsize, aria-posinset) to screen readers.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  itemKey,
  renderItem,
  label,
  className,
}: {
  items: readonly T[];
  /** Height of a row in pixels. */
  rowHeight: number;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  label: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: INITIAL_ROWS * rowHeight });

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
    // The focus moved by Tab scrolls its row into view at once, but the scroll event comes with
    // the next frame: quick presses would leave the rendered rows before then. Measuring on focus
    // renders the rows after the focused one before the next press.
    const onFocusIn = () => {
      if (frame) cancelAnimationFrame(frame);
      measure();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('focusin', onFocusIn);
    // Called once laid out (at once for the first size): reading the box costs no layout there.
    const observer = new ResizeObserver(() => {
      if (frame) cancelAnimationFrame(frame);
      measure();
    });
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('focusin', onFocusIn);
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
    if (!box.current || !scrolled.current || continues(previous, items)) return;
    box.current.scrollTop = 0;
    scrolled.current = false;
  }, [items]);

  const first = Math.max(0, Math.floor(view.top / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let index = first; index < last; index++) {
    const item = items[index]!;
    rows.push(
      <li
        key={itemKey(item)}
        aria-setsize={items.length}
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

/** Whether `next` begins with the rows of `previous` (compared at both ends of `previous`). */
function continues<T>(previous: readonly T[], next: readonly T[]): boolean {
  const length = previous.length;
  return (
    length > 0 &&
    next.length >= length &&
    next[0] === previous[0] &&
    next[length - 1] === previous[length - 1]
  );
}
