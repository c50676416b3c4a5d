import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the window is scrolled more than `px` pixels. Starts false, as on the server, so
 * that hydration matches the server's HTML; the first effect reads the real position.
 */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(window.scrollY > px);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [px]);
  return past;
}

/**
 * While `active`, Escape calls `onEscape` and a pointer press outside every element of `refs`
 * (the popover and the buttons that open it) calls `onOutside`. Used by the header popovers.
 */
export function useDismiss(
  active: boolean,
  refs: RefObject<HTMLElement | null>[],
  onEscape: () => void,
  onOutside: (target: Node) => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onEscape();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!refs.some((ref) => ref.current?.contains(target))) onOutside(target);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [active, refs, onEscape, onOutside]);
}
