import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the element is wider inside than its box, so it scrolls sideways (or, with `down`, also
 * taller, so it scrolls down). Such a box takes keyboard focus (tabIndex 0), so arrow keys scroll
 * it too (WCAG 2.1.1); one that fits adds no tab stop.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>, { down = false } = {}): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setScrolls(
        element.scrollWidth > element.clientWidth || (down && element.scrollHeight > element.clientHeight),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, down]);
  return scrolls;
}

/** A docs table: the theme lets one wider than its column scroll sideways, and then a keyboard can too. */
export default function ScrollableTable(props: ComponentProps<'table'>) {
  const ref = useRef<HTMLTableElement>(null);
  const scrolls = useScrollsSideways(ref);
  return <table ref={ref} {...props} tabIndex={scrolls ? 0 : undefined} />;
}
