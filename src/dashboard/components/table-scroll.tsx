/**
 * The box a dashboard table scrolls in when it is wider than the screen's column (issue 23): the
 * table scrolls, never the page. Positioned, so what a cell positions absolutely (a visually
 * hidden label) is clipped by it too instead of widening the page. A named region; while it
 * scrolls it is in the Tab order, so a keyboard can scroll it (axe `scrollable-region-focusable`),
 * and a table that fits is no extra Tab stop.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';

export function TableScroll({
  label,
  className,
  children,
}: {
  /** The region's name: the table's, usually the screen's title. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLElement>(null);
  const scrolls = useScrolls(box);
  return (
    <section
      ref={box}
      className={className ? `dash-table-scroll ${className}` : 'dash-table-scroll'}
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </section>
  );
}

/** Whether the element is wider inside than its box, kept up to date as either changes size. */
function useScrolls(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
